import dns from "node:dns";
import { isIP, Socket } from "node:net";

/** What the guard refused while it was on; an attack test asserts it stays empty. */
export interface LoopbackGuard {
  readonly refused: readonly string[];
  restore(): void;
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

// Socket#connect(options | port[, host] | path[, callback]); net.connect hands it [options, callback] as one array.
function targetOf(args: unknown[]): { host: string; port: unknown } | undefined {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === "object" && first !== null) {
    const options = first as { host?: string; port?: unknown; path?: string };
    if (options.path !== undefined) return undefined;
    return { host: options.host ?? "localhost", port: options.port };
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return undefined;
  return { host: typeof args[1] === "string" ? args[1] : "localhost", port: first };
}

type Lookup = (host: string, options: unknown, callback: (...args: unknown[]) => void) => void;

/**
 * A connection to a name with its own `lookup` (the service's outbound guard passes one): the name is not looked up
 * by `dns`, so the addresses that lookup gives are judged instead; an error of its own passes through unrecorded.
 */
function judgedLookup(lookup: Lookup, refused: string[], where: string): Lookup {
  return (host, options, callback) =>
    lookup(host, options, (error, address, family) => {
      if (error) return callback(error);
      const addresses = Array.isArray(address) ? address.map((entry: { address: string }) => entry.address) : [address];
      const outside = addresses.filter((one) => !isLoopback(String(one)));
      if (outside.length === 0) return callback(null, address, family);
      refused.push(`connect ${where} (resolved to ${outside.join(", ")})`);
      callback(Object.assign(new Error("loopback guard: refused"), { code: "ECONNREFUSED" }));
    });
}

/**
 * Refuses, in this process, every TCP connection and name lookup that does not stay on loopback (a connection to a
 * name that brings its own lookup: by the addresses that lookup gives): a connection
 * fails as a refused one would (so the code under test sees a platform error) and is recorded. A backstop for
 * the attack suite, whose generated requests must never make an adapter or the service call out.
 */
export function guardLoopback(): LoopbackGuard {
  const refused: string[] = [];
  const connect = Socket.prototype.connect;
  const saved = { lookup: dns.lookup, resolve4: dns.resolve4, resolve6: dns.resolve6, promises: dns.promises.lookup };
  Socket.prototype.connect = function guardedConnect(this: Socket, ...args: unknown[]) {
    const target = targetOf(args);
    if (target === undefined || isLoopback(target.host))
      return (connect as (...a: unknown[]) => Socket).apply(this, args);
    const options = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { lookup?: unknown } | undefined;
    if (isIP(target.host) === 0 && typeof options?.lookup === "function") {
      options.lookup = judgedLookup(options.lookup as Lookup, refused, `${target.host}:${String(target.port)}`);
      return (connect as (...a: unknown[]) => Socket).apply(this, args);
    }
    refused.push(`connect ${target.host}:${String(target.port)}`);
    process.nextTick(() => this.destroy(Object.assign(new Error("loopback guard: refused"), { code: "ECONNREFUSED" })));
    return this;
  } as typeof connect;
  const refuseName = (kind: string, name: string) => {
    refused.push(`${kind} ${name}`);
    return Object.assign(new Error(`loopback guard: no ${kind} of ${name}`), { code: "ENOTFOUND" });
  };
  const wrap = <F extends (...a: never[]) => unknown>(kind: string, original: F): F =>
    ((name: string, ...rest: unknown[]) => {
      if (isLoopback(name)) return (original as unknown as (...a: unknown[]) => unknown)(name, ...rest);
      const callback = rest.at(-1);
      const error = refuseName(kind, name);
      if (typeof callback === "function") process.nextTick(() => callback(error));
      else return Promise.reject(error);
      return undefined;
    }) as unknown as F;
  dns.lookup = wrap("lookup", saved.lookup);
  dns.resolve4 = wrap("resolve4", saved.resolve4);
  dns.resolve6 = wrap("resolve6", saved.resolve6);
  dns.promises.lookup = wrap("lookup", saved.promises);
  return {
    refused,
    restore() {
      Socket.prototype.connect = connect;
      Object.assign(dns, { lookup: saved.lookup, resolve4: saved.resolve4, resolve6: saved.resolve6 });
      dns.promises.lookup = saved.promises;
    },
  };
}

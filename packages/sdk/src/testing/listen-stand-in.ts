import { Server as HttpServer } from "node:http";
import type { AddressInfo, Server } from "node:net";
import { createServer } from "node:net";
import { ADAPTER_SERVER_KEEP_ALIVE_MS } from "../http/serve.ts";

/** The setting that keeps stand-in platforms' ports in a range, e.g. `ADAPTERKIT_STANDIN_PORTS=20000-20999`. */
export const STAND_IN_PORTS_VARIABLE = "ADAPTERKIT_STANDIN_PORTS";

/** An inclusive range of TCP ports. */
export interface PortRange {
  readonly first: number;
  readonly last: number;
}

/** The range `ADAPTERKIT_STANDIN_PORTS` names, undefined when it is unset or empty; throws when it does not read as one. */
export function standInPortRange(env: NodeJS.ProcessEnv = process.env): PortRange | undefined {
  const text = env[STAND_IN_PORTS_VARIABLE]?.trim();
  if (text === undefined || text === "") return undefined;
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(text);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (match === null || first < 1 || last > 65535 || first > last) {
    throw new Error(`${STAND_IN_PORTS_VARIABLE} must be a port range such as 20000-20999 (got "${text}")`);
  }
  return { first, last };
}

/** Listens once; resolves with the error when the port is taken or not allowed, so the caller can try another. */
function listenOnce(server: Server, port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE" || error.code === "EACCES") resolve(error);
      else reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(undefined);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

/**
 * Has a stand-in's server listen: on `port` when one is given, else on a free port of the
 * `ADAPTERKIT_STANDIN_PORTS` range when it is set, else on any free port; resolves with the port taken. An HTTP
 * server is set to keep an idle connection 65 s, as the SDK's own servers do.
 * @example const port = await listenStandIn(createServer(handler), { host: "127.0.0.1" });
 */
export async function listenStandIn(
  server: Server,
  options: { port?: number | undefined; host?: string | undefined; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const host = options.host ?? "127.0.0.1";
  // An HTTP stand-in keeps an idle connection as long as the SDK's servers do, past the few seconds undici's clients
  // keep one against it, so a client here never sends on a connection the stand-in is closing (D630).
  if (server instanceof HttpServer) server.keepAliveTimeout = ADAPTER_SERVER_KEEP_ALIVE_MS;
  const range = options.port ? undefined : standInPortRange(options.env);
  if (range === undefined) {
    const refused = await listenOnce(server, options.port ?? 0, host);
    if (refused !== undefined) throw refused;
    return (server.address() as AddressInfo).port;
  }
  // A random start spreads stand-ins started at once over the range instead of having them race for its first port.
  const size = range.last - range.first + 1;
  const start = Math.floor(Math.random() * size);
  for (let step = 0; step < size; step += 1) {
    const port = range.first + ((start + step) % size);
    if ((await listenOnce(server, port, host)) === undefined) return port;
  }
  throw new Error(`no free port on ${host} in ${STAND_IN_PORTS_VARIABLE}=${range.first}-${range.last}`);
}

/** A port of the `ADAPTERKIT_STANDIN_PORTS` range nothing listens on now, or 0 (any free port) when it is unset. */
export async function freeStandInPort(host = "127.0.0.1", env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (standInPortRange(env) === undefined) return 0;
  const probe = createServer();
  const port = await listenStandIn(probe, { host, env });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

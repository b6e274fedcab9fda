import type * as dns from "node:dns";
import type { Socket } from "node:net";
import {
  createGuardedConnector,
  createGuardedSocket,
  loadUndici,
  type SocketTarget,
} from "@adapterkit/client/outbound";
import type { Logger } from "pino";
import type { Dispatcher } from "undici";
import { OutboundUnreachableError } from "./outbound-unreachable-error.ts";

/** The environment variable listing the hosts an adapter may reach although they are loopback or private. */
export const ADAPTER_ALLOWED_HOSTS = "ADAPTER_ALLOWED_HOSTS";

/** A handler's one way out (architecture.md#a18): every connection it opens goes through this. */
export interface OutboundPath {
  /**
   * `fetch` under the guard. Redirects are never followed (a 3xx is answered as it is); any failure to connect or
   * to get an answer, the guard's refusal included, throws {@link OutboundUnreachableError}, its cause logged.
   */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /** A raw TCP socket under the guard (SMTP and other non-HTTP protocols); fails as `fetch` does. */
  connect(target: SocketTarget): Promise<Socket>;
  /** The guarded undici dispatcher, for code that speaks undici directly; its errors are not rewritten. */
  readonly dispatcher: Dispatcher;
}

/** The outbound path of a server: one guarded connection pool, bound to each request's log. */
export interface Outbound {
  forRequest(log: Pick<Logger, "warn">): OutboundPath;
  close(): Promise<void>;
}

/** Options of {@link createOutbound}. */
export interface OutboundOptions {
  /** `host` or `host:port` entries let through although loopback or private; default none. */
  allowedHosts?: readonly string[] | undefined;
  /** Replaces `dns.lookup` (tests stub it). */
  lookup?: typeof dns.lookup | undefined;
}

/**
 * Creates the guarded outbound path that `serve()` gives every handler as `context.outbound`.
 * @example const response = await context.outbound.fetch(url, { method: "POST", body });
 */
export function createOutbound(options: OutboundOptions = {}): Outbound {
  const guard = { allowedHosts: options.allowedHosts, lookup: options.lookup, setting: ADAPTER_ALLOWED_HOSTS };
  // Made on the first call out, so undici loads only then (D418).
  let agent: Dispatcher | undefined;
  const dispatcherOf = () => {
    agent ??= new (loadUndici().Agent)({ connect: createGuardedConnector(guard) });
    return agent;
  };
  const openSocket = createGuardedSocket(guard);
  return {
    forRequest(log) {
      const unreachable = (cause: unknown, host: string) => {
        log.warn({ host, reason: describeCause(cause) }, "outbound connection failed");
        return new OutboundUnreachableError({ cause });
      };
      return {
        async fetch(url, init = {}) {
          try {
            // Node's fetch takes an undici dispatcher; its typings name the copy of undici bundled in Node.
            const dispatcher = dispatcherOf();
            return await fetch(url, { ...init, redirect: "manual", dispatcher } as unknown as RequestInit);
          } catch (error) {
            throw unreachable(error, hostOf(url));
          }
        },
        async connect(target) {
          try {
            return await openSocket(target);
          } catch (error) {
            throw unreachable(error, `${target.host}:${target.port}`);
          }
        },
        get dispatcher() {
          return dispatcherOf();
        },
      };
    },
    close: async () => {
      await agent?.close();
    },
  };
}

function hostOf(url: string | URL): string {
  return URL.canParse(String(url)) ? new URL(url).host : "(not a URL)";
}

/** The cause in a log line: its code and message, its own cause's too (fetch wraps the network error). */
function describeCause(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === "string" ? `${code}: ${current.message}` : current.message);
    current = current.cause;
  }
  return parts.join(" <- ") || String(error);
}

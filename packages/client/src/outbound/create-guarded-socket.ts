import { connect, type Socket } from "node:net";
import { normalizeHostname } from "./allowed-hosts.ts";
import { createGuardPolicy, type GuardOptions } from "./create-guard-policy.ts";

/** Where a raw socket goes, and how long connecting may take. */
export interface SocketTarget {
  host: string;
  port: number;
  /** Default 10 s. */
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}

/**
 * A raw TCP connect under the same rules as the fetch path (for SMTP and other non-HTTP protocols): resolves once
 * connected, rejects with the refusal, the network error, or an `ETIMEDOUT` error.
 */
export function createGuardedSocket(options: GuardOptions): (target: SocketTarget) => Promise<Socket> {
  const judge = createGuardPolicy(options);
  return (target) =>
    new Promise<Socket>((resolve, reject) => {
      const verdict = judge(target.host, target.port);
      if (verdict.refused !== undefined) return reject(verdict.refused);
      const host = normalizeHostname(target.host);
      const socket = connect({ host, port: target.port, ...(verdict.lookup ? { lookup: verdict.lookup } : {}) });
      const fail = (error: Error) => {
        clearTimeout(timer);
        target.signal?.removeEventListener("abort", onAbort);
        socket.destroy();
        reject(error);
      };
      const onAbort = () => fail(target.signal?.reason instanceof Error ? target.signal.reason : new Error("aborted"));
      const timer = setTimeout(() => {
        fail(Object.assign(new Error(`connect to ${host}:${target.port} timed out`), { code: "ETIMEDOUT" }));
      }, target.timeoutMs ?? 10_000);
      if (target.signal?.aborted) return onAbort();
      target.signal?.addEventListener("abort", onAbort, { once: true });
      socket.once("error", fail);
      socket.once("connect", () => {
        clearTimeout(timer);
        target.signal?.removeEventListener("abort", onAbort);
        socket.off("error", fail);
        resolve(socket);
      });
    });
}

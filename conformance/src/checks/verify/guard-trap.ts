import { connect } from "node:net";
import { listenTrap } from "@adapterkit/sdk/testing";

/** A loopback listener of the runner's own that counts connections, and how to aim a URL at it. */
export interface GuardTrap {
  /** The address the probes aim at, bare (`::ffff:127.0.0.1` or `127.0.0.1`). */
  readonly host: string;
  /** The same in URL form (an IPv6 address in brackets). */
  readonly literal: string;
  readonly port: number;
  connections(): number;
  close(): Promise<void>;
}

// The listener is on 127.0.0.1, aimed at in its IPv4-mapped IPv6 spelling: loopback to any guard that judges the
// address after resolution, yet not matched by an allowance of `127.0.0.1` that lets an adapter under test reach its
// own local stand-ins (D342). Where the system cannot connect to the mapped form, the plain address is used.
const MAPPED_LOOPBACK = "::ffff:127.0.0.1";

/** Starts the trap every outbound-guard probe aims at; nothing a correct adapter does reaches it. */
export async function startGuardTrap(): Promise<GuardTrap> {
  const trap = await listenTrap();
  const host = (await reachable(MAPPED_LOOPBACK, trap.port)) ? MAPPED_LOOPBACK : "127.0.0.1";
  return {
    host,
    literal: host.includes(":") ? `[${host}]` : host,
    port: trap.port,
    connections: () => trap.connections(),
    close: () => trap.close(),
  };
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => resolve(true)).once("error", () => resolve(false));
    socket.setTimeout(1_000, () => socket.destroy(new Error("timed out")));
    socket.once("close", () => resolve(false));
    socket.once("connect", () => socket.destroy());
  });
}

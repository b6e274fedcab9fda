import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { TLSSocket } from "node:tls";

// An IPv4 peer on a dual-stack socket reads as `::ffff:a.b.c.d`; the list names it as a.b.c.d.
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}

/**
 * Parses ADAPTERKIT_TRUST_PROXY: the comma-separated IP addresses of the TLS-terminating proxies whose
 * `X-Forwarded-Proto` is believed (D352). Unset or blank trusts none; anything but an IP address is an error.
 *
 * @example
 * parseTrustedProxies("127.0.0.1, ::1"); // ["127.0.0.1", "::1"]
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    if (isIP(entry) === 0) {
      throw new Error(`ADAPTERKIT_TRUST_PROXY must list IP addresses of proxies, separated by commas, not "${entry}"`);
    }
  }
  return entries.map(plainAddress);
}

/**
 * Whether the browser reached the service over HTTPS: the connection is TLS, or it comes from a trusted proxy whose
 * `X-Forwarded-Proto` says https (the last value: the one the proxy next to the service set). From any other peer
 * the header is ignored, since a client can send it.
 */
export function isHttpsRequest(req: IncomingMessage, trustedProxies: ReadonlySet<string>): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  const peer = req.socket.remoteAddress;
  if (peer === undefined || !trustedProxies.has(plainAddress(peer))) return false;
  const header = req.headers["x-forwarded-proto"];
  const last = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").at(-1);
  return last?.trim().toLowerCase() === "https";
}

import { isIP } from "node:net";
import { isForbiddenAddress } from "./is-forbidden-address.ts";

// Names refused without asking DNS: they only ever mean this machine or the cloud's metadata service.
function isForbiddenName(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "metadata.google.internal";
}

/**
 * Why a host is refused before any lookup (a literal forbidden address, or a name of this machine or of a metadata
 * service), or undefined when only its DNS answers can tell. `hostname` is normalized (`normalizeHostname`).
 */
export function refusalOfHost(hostname: string): string | undefined {
  if (isIP(hostname) !== 0) return isForbiddenAddress(hostname) ? "not a public address" : undefined;
  return isForbiddenName(hostname) ? "a name of a local or metadata host" : undefined;
}

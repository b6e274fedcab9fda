import { BlockList, isIP } from "node:net";
import { ipv6Bytes } from "./ipv6-bytes.ts";

// A15: what a user-supplied URL may not reach unless its host is allowed.
const FORBIDDEN_V4: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network", the unspecified address included
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared (carrier-grade NAT)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, the broadcast address included
];
const FORBIDDEN_V6: readonly [string, number][] = [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001::", 32], // Teredo: hides an IPv4 address
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const BLOCKED = new BlockList();
for (const [network, prefix] of FORBIDDEN_V4) BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of FORBIDDEN_V6) BLOCKED.addSubnet(network, prefix, "ipv6");

// The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d, SIIT), NAT64
// (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::).
function embeddedIpv4(bytes: readonly number[]): string | undefined {
  const startsWith = (prefix: readonly number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (
    startsWith([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) ||
    startsWith([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0]) ||
    startsWith([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
  ) {
    return bytes.slice(12).join(".");
  }
  if (startsWith([0x20, 0x02])) return bytes.slice(2, 6).join(".");
  return undefined;
}

/**
 * Whether an IP address is loopback, private, link-local, shared, multicast, unspecified or otherwise not a public
 * unicast address (IPv4-mapped, translated, NAT64 and 6to4 forms judged by the IPv4 address they carry). Not an IP:
 * false.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return false;
  const bytes = ipv6Bytes(address);
  const embedded = embeddedIpv4(bytes);
  if (embedded !== undefined) return BLOCKED.check(embedded, "ipv4");
  return BLOCKED.check(address.split("%")[0] ?? address, "ipv6");
}

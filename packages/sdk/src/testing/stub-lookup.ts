import type * as dns from "node:dns";

/**
 * A `dns.lookup` stand-in: every name resolves to what the table says, anything else is `ENOTFOUND`, and nothing is
 * ever asked of DNS, so a test of the outbound guard never dials an address outside this machine.
 * @example await startAdapter(adapter, { lookup: stubLookup({ "platform.example": ["10.0.0.5"] }) });
 */
export function stubLookup(table: Readonly<Record<string, readonly string[]>>): typeof dns.lookup {
  return ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    const done = typeof options === "function" ? (options as typeof callback) : callback;
    const addresses = table[hostname];
    if (addresses === undefined) return done(Object.assign(new Error("not found"), { code: "ENOTFOUND" }));
    const entries = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    if ((options as { all?: boolean } | undefined)?.all) return done(null, entries);
    done(null, entries[0]?.address, entries[0]?.family);
  }) as unknown as typeof dns.lookup;
}

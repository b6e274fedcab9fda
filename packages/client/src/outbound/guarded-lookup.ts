import type { LookupAddress, LookupOptions } from "node:dns";
import { isForbiddenAddress } from "./is-forbidden-address.ts";
import { OutboundRefusedError } from "./outbound-refused-error.ts";

type AllLookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `net.connect` lookup that resolves every address of a host name and refuses them all when any one is forbidden
 * (a name answering both a public and a private address could otherwise be raced onto the private one); `setting`
 * names the allowed-hosts variable in the refusal.
 */
export function createGuardedLookup(lookup: AllLookup, setting: string) {
  return (hostname: string, options: LookupOptions | number | LookupCallback, callback?: LookupCallback): void => {
    const done = (typeof options === "function" ? options : callback) as LookupCallback;
    const asked: LookupOptions =
      typeof options === "object" ? options : typeof options === "number" ? { family: options } : {};
    lookup(hostname, { ...asked, all: true }, (error, addresses) => {
      if (error) return done(error, []);
      const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address));
      if (forbidden !== undefined) {
        return done(
          new OutboundRefusedError(hostname, `it resolves to ${forbidden.address}, not a public address`, setting),
          [],
        );
      }
      if (asked.all === true) return done(null, addresses);
      const first = addresses[0];
      if (first === undefined)
        return done(Object.assign(new Error(`${hostname}: no address`), { code: "ENOTFOUND" }), []);
      done(null, first.address, first.family);
    });
  };
}

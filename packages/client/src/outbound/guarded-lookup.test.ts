import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { createGuardedLookup } from "./guarded-lookup.ts";
import { isOutboundRefused } from "./outbound-refused-error.ts";

const answering = (addresses: string[]) =>
  createGuardedLookup(
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      ),
    "ALLOWED",
  );

function resolve(lookup: ReturnType<typeof answering>, all: boolean) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[] }>((done) =>
    lookup("host.example", { all }, (error, address) => done({ error, address })),
  );
}

describe("createGuardedLookup", () => {
  it("refuses a name when any one of its addresses is forbidden, for single and all lookups", async () => {
    for (const all of [false, true]) {
      const { error } = await resolve(answering(["93.184.216.34", "::ffff:10.0.0.5"]), all);
      expect(isOutboundRefused(error)).toBe(true);
      expect(error?.message).toContain("::ffff:10.0.0.5");
    }
  });

  it("passes public addresses on in the shape asked for", async () => {
    expect((await resolve(answering(["93.184.216.34", "2606:4700::1"]), false)).address).toBe("93.184.216.34");
    expect((await resolve(answering(["93.184.216.34", "2606:4700::1"]), true)).address).toHaveLength(2);
  });
});

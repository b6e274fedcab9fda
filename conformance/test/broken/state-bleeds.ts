import { setTimeout as sleep } from "node:timers/promises";
import type { BrokenAdapter } from "../run-against.ts";

let lastCredentials: unknown;

/** Keeps the last request's credentials in a module variable and reads them back after an await. */
export const stateBleeds: BrokenAdapter = {
  fault: "state bleeding between organizations",
  adapter: {
    overrides: {
      verify: async (request, reference) => {
        const json = request.json as { credentials?: unknown } | undefined;
        if (json?.credentials === undefined) return undefined;
        lastCredentials = json.credentials;
        await sleep(20);
        return reference({ ...request, json: { ...json, credentials: lastCredentials } });
      },
    },
  },
  caughtBy: ["stateless.no-bleed"],
  // One check at a time, so only the statelessness check interleaves organizations (as it does on purpose).
  run: { concurrency: 1 },
};

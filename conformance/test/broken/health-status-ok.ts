import type { BrokenAdapter } from "../run-against.ts";

/** Says `status: "ok"` instead of exactly `ready`. */
export const healthStatusOk: BrokenAdapter = {
  fault: 'health status "ok" instead of "ready"',
  adapter: { healthPatch: { status: "ok" } },
  caughtBy: ["health.status-ready"],
};

import type { ConformanceCheck } from "../../context.ts";
import { failed } from "../../outcome.ts";
import { fixtureFailure } from "./call-failure.ts";
import { judgeSamples } from "./judge-samples.ts";
import { receives } from "./receives.ts";
import { samplesOfKind } from "./samples-of-kind.ts";

/** Every message sample normalizes to its expected fields, with the schema of its mode. */
export const messageSamples: ConformanceCheck = {
  id: "parse-inbound.message-samples",
  group: "parse-inbound",
  level: "required",
  rationale:
    "Each message sample normalizes to its expected fields; trigger mode needs event_type (contract.md#inbound-modes, D4).",
  appliesWhen: receives,
  async run(ctx) {
    if (samplesOfKind(ctx, "message").length === 0) {
      return failed([
        fixtureFailure(ctx, "parse-inbound", "inbound.samples holds no sample whose expect.kind is message"),
      ]);
    }
    return judgeSamples(ctx, "message");
  },
};

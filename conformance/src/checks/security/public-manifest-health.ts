import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { excerpt } from "../shared/labels.ts";
import { securityApplies } from "./signed-probes.ts";

/** `/manifest.json` and `/health` answer without any signature, also when a signing secret is set. */
export const publicManifestHealth: ConformanceCheck = {
  id: "security.public-manifest-health",
  group: "security",
  level: "required",
  rationale: "D9: /manifest.json and /health stay public, since registration and polling fetch them unsigned.",
  appliesWhen: securityApplies,
  run: async (ctx) => {
    const failures: CheckFailure[] = [];
    for (const id of ["manifest", "health"] as const) {
      const result = await ctx.client.call(id, undefined, { signature: false });
      const status = result.response?.status;
      if (status !== undefined && status >= 200 && status < 300) continue;
      failures.push(
        ctx.failure({
          endpoint: id === "manifest" ? "GET /manifest.json" : "GET /health",
          message: `an unsigned GET was not answered with 2xx`,
          expected: "2xx without a signature",
          actual: status === undefined ? "no response" : `${status} ${excerpt(result.response?.text ?? "")}`,
          request: {},
        }),
      );
    }
    return outcomeOf(failures);
  },
};

import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { describeCallFailure } from "../shared/describe-call-failure.ts";
import { show } from "../shared/labels.ts";
import { verifyApplies } from "./applies.ts";

/** Bad credentials answer `200 { ok: false, error }`: a verdict, not a 4xx or 5xx. */
export const verifyBadCredentials: ConformanceCheck = {
  id: "verify.bad-credentials",
  group: "verify",
  level: "required",
  rationale: "contract.md#verify: invalid or expired credentials answer { ok: false, error: <string> }, never a 5xx.",
  appliesWhen: verifyApplies,
  run: async (ctx) => {
    const body = { credentials: ctx.render(ctx.fixtures.credentials.bad) };
    const result = await ctx.client.verify(body);
    if (result.ok && !result.value.ok) return passed();
    const issue = !result.ok && result.error.kind === "schema_violation" ? result.error.issues[0] : undefined;
    return failed([
      ctx.failure({
        endpoint: "POST /verify",
        message: result.ok
          ? "bad credentials verified as good"
          : `bad credentials must answer 200 { ok: false }: ${describeCallFailure(ctx, result.error)}`,
        pointer: issue?.pointer ?? "/ok",
        expected: issue?.expected ?? '200 { "ok": false, "error": "<why>" }',
        actual:
          issue?.actual ??
          (result.ok
            ? show(result.value)
            : result.error.kind === "http_status"
              ? `HTTP ${result.error.status}`
              : result.error.kind),
        request: { body },
      }),
    ]);
  },
};

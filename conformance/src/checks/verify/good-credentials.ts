import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { describeCallFailure } from "../shared/describe-call-failure.ts";
import { show } from "../shared/labels.ts";
import { verifyApplies } from "./applies.ts";

/** Good credentials verify: `{ ok: true, user }` with a non-empty user. */
export const verifyGoodCredentials: ConformanceCheck = {
  id: "verify.good-credentials",
  group: "verify",
  level: "required",
  rationale: "contract.md#verify: valid credentials answer { ok: true, user: <string> }.",
  appliesWhen: verifyApplies,
  run: async (ctx) => {
    const body = { credentials: ctx.render(ctx.fixtures.credentials.good) };
    const result = await ctx.client.verify(body);
    if (result.ok && result.value.ok && result.value.user !== "") return passed(`user ${result.value.user}`);
    const issue = !result.ok && result.error.kind === "schema_violation" ? result.error.issues[0] : undefined;
    return failed([
      ctx.failure({
        endpoint: "POST /verify",
        message: result.ok
          ? "good credentials did not verify"
          : `good credentials did not verify: ${describeCallFailure(ctx, result.error)}`,
        pointer: issue?.pointer ?? (result.ok && result.value.ok ? "/user" : "/ok"),
        expected: issue?.expected ?? '{ "ok": true, "user": "<non-empty>" }',
        actual: issue?.actual ?? (result.ok ? show(result.value) : result.error.kind),
        request: { body },
      }),
    ]);
  },
};

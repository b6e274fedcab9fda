import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { label } from "../shared/labels.ts";
import { callsOf, type OrgCall, perform, statelessApplies, twoOrgs } from "./org-calls.ts";

/** The same calls made one by one in one order and then in the reverse order get the same answers. */
export const orderIndependent: ConformanceCheck = {
  id: "stateless.order-independent",
  group: "stateless",
  level: "required",
  rationale:
    "contract.md#stateless: adapters hold no state between requests, so no answer depends on which calls came before it.",
  appliesWhen: statelessApplies,
  exclusive: true,
  run: async (ctx) => {
    const [a, b] = twoOrgs(ctx);
    const ofA = callsOf(ctx, a).filter((call) => call.endpoint !== "deliver");
    const ofB = callsOf(ctx, b).filter((call) => call.endpoint !== "deliver");
    // A refused verify between the accepted ones, so an answer carried over from the call before shows.
    const refused: OrgCall[] = ofA.some((call) => call.endpoint === "verify")
      ? [
          {
            org: a,
            endpoint: "verify",
            body: { credentials: ctx.render(ctx.fixtures.credentials.bad) },
            comparable: (value) => value,
          },
        ]
      : [];
    const calls = [...ofA, ...refused, ...ofB];
    const forward = new Map<OrgCall, string>();
    for (const call of calls) forward.set(call, await perform(call));
    const failures: CheckFailure[] = [];
    for (const call of [...calls].reverse()) {
      const answer = await perform(call);
      if (answer === forward.get(call)) continue;
      failures.push(
        ctx.failure({
          endpoint: label(call.endpoint),
          message: `organization ${call.org.name}'s call answered differently after other calls had run`,
          expected: forward.get(call) ?? "",
          actual: answer,
          request: { body: call.body },
        }),
      );
    }
    return outcomeOf(failures);
  },
};

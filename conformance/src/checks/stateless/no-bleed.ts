import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { label } from "../shared/labels.ts";
import { callsOf, type Org, type OrgCall, perform, statelessApplies, twoOrgs } from "./org-calls.ts";

const ROUNDS = 5;

/**
 * Two organizations call interleaved and concurrently; every answer equals the one the same call got alone, and
 * nothing one organization delivered carries the other's credentials.
 */
export const noBleed: ConformanceCheck = {
  id: "stateless.no-bleed",
  group: "stateless",
  level: "required",
  rationale:
    "contract.md#stateless: adapters are stateless; credentials arrive on every request and one organization's never serve another's.",
  appliesWhen: statelessApplies,
  exclusive: true,
  run: async (ctx) => {
    const orgs = twoOrgs(ctx);
    const [callsA, callsB] = [callsOf(ctx, orgs[0]), callsOf(ctx, orgs[1])];
    const baseline = new Map<OrgCall, string>();
    for (const call of [...callsA, ...callsB]) baseline.set(call, await perform(call));
    const since = Date.now();
    const interleaved = Array.from({ length: ROUNDS }, () =>
      callsA.flatMap((call, index) => [call, ...(callsB[index] ? [callsB[index]] : [])]),
    ).flat();
    const answers = await Promise.all(interleaved.map(async (call) => ({ call, answer: await perform(call) })));
    const failures: CheckFailure[] = [];
    const seen = new Set<OrgCall>();
    for (const { call, answer } of answers) {
      if (answer === baseline.get(call) || seen.has(call)) continue;
      seen.add(call);
      failures.push(
        ctx.failure({
          endpoint: label(call.endpoint),
          message: `organization ${call.org.name}'s call answered differently when interleaved with organization ${otherName(call.org)}'s`,
          expected: baseline.get(call) ?? "",
          actual: answer,
          request: { body: call.body },
        }),
      );
    }
    failures.push(...crossedDeliveries(ctx, orgs, since));
    return outcomeOf(failures);
  },
};

function otherName(org: Org): string {
  return org.name === "A" ? "B" : "A";
}

/** Deliveries that carry one organization's tag and the other organization's credential values. */
function crossedDeliveries(ctx: ConformanceContext, orgs: [Org, Org], since: number): CheckFailure[] {
  const secrets = (org: Org) =>
    Object.values(org.credentials).filter(
      (value): value is string => typeof value === "string" && value.length >= 6 && !/^https?:\/\//.test(value),
    );
  const failures: CheckFailure[] = [];
  for (const [org, other] of [orgs, [orgs[1], orgs[0]]] as const) {
    const foreign = secrets(other).filter((secret) => !secrets(org).includes(secret));
    const crossed = ctx.platform
      .deliveries()
      .filter((delivery) => delivery.receivedAt >= since && delivery.body.includes(org.tag))
      .find((delivery) =>
        foreign.some(
          (secret) =>
            delivery.body.includes(secret) || Object.values(delivery.headers).some((value) => value.includes(secret)),
        ),
      );
    if (crossed === undefined) continue;
    failures.push(
      ctx.failure({
        endpoint: "POST /deliver",
        message: `a delivery for organization ${org.name} reached the platform with organization ${other.name}'s credentials`,
        expected: `organization ${org.name}'s credentials only`,
        actual: `${crossed.method ?? "SMTP"} ${crossed.path ?? ""} carrying a credential value of organization ${other.name}`,
      }),
    );
  }
  return failures;
}

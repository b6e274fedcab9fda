import { declaresEndpoint } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { type EchoKind, type EchoPlace, prepareEcho, sendsAndReceives } from "../feedback-loop/send-echo.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { compareCombined } from "./combined-equals-two-calls.ts";

/** Where the echoes come back: top level in each mode, and in a thread. */
const PLACES: readonly { readonly where: EchoPlace; readonly name: string }[] = [
  { where: { mode: "trigger" }, name: "in trigger mode" },
  { where: { mode: "front_desk" }, name: "in front_desk mode" },
  { where: { thread: true }, name: "in a thread" },
];

/**
 * The feedback loop through the combined endpoint the service calls: the adapter's own echo and a person's message
 * with the same text, in both modes and in a thread, answer on `/inbound` what the two calls answer, and the is_bot
 * rule holds there.
 */
export const combinedFeedbackLoop: ConformanceCheck = {
  id: "inbound.combined-feedback-loop",
  group: "inbound",
  level: "required",
  rationale:
    "The service calls /inbound when it is declared, so the adapter's own echo must come back is_bot: true there too, " +
    "as /parse-inbound answers it, or the front desk answers itself forever (contract.md#inbound, #is-bot-rule).",
  appliesWhen: sendsAndReceives,
  async run(ctx) {
    if (!declaresEndpoint(ctx.manifest, "inbound")) {
      return notApplicable('the manifest does not declare the combined endpoint (endpoints lacks "inbound")');
    }
    const failures: CheckFailure[] = [];
    for (const { where, name } of PLACES) {
      for (const kind of ["bot", "person"] as const) {
        const failure = await judgeCombinedEcho(ctx, kind, where, name);
        if (failure !== undefined) failures.push(failure);
      }
    }
    return outcomeOf(failures, `${PLACES.length * 2} echoes through /inbound`);
  },
};

async function judgeCombinedEcho(
  ctx: ConformanceContext,
  kind: EchoKind,
  where: EchoPlace,
  place: string,
): Promise<CheckFailure | undefined> {
  const ready = await prepareEcho(ctx, kind, where);
  if (!ready.ok) return ready.failure;
  const { prepared } = ready.echo;
  const what = `${kind === "bot" ? "the echo of the adapter's own delivery" : "a person's message"} ${place}`;
  const signed = { name: what, request: prepared.request, signature: prepared.signature };
  const compared = await compareCombined(ctx, signed, prepared.mode, what);
  if (compared.failure !== undefined) return compared.failure;
  const { combined, call } = compared;
  const isBot = combined.ok ? (combined.value as { is_bot?: unknown }).is_bot : undefined;
  const expected = kind === "bot";
  if (isBot === expected) return undefined;
  return checkFailure(ctx, call, {
    message: `${what} answered on /inbound with is_bot ${show(isBot)}`,
    pointer: "/is_bot",
    expected: String(expected),
    actual: combined.ok ? show(combined.value) : combined.error.kind,
  });
}

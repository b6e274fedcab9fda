import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, outcomeOf } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { checkFailure, fixtureFailure } from "./call-failure.ts";
import { contentSample, withProbe } from "./content-byte-exact.ts";
import { expectMessage } from "./expect-message.ts";
import { prepareSample } from "./prepare-sample.ts";
import { receives } from "./receives.ts";
import { sendToParse } from "./send-to-parse.ts";

/**
 * `dedup_key` follows the event's identity, not its content: two events (two nonces, two message ids) with the same
 * text get two keys, and one event (one nonce, one message id) keeps its key whatever its text says.
 */
export const dedupKeyFromIdentity: ConformanceCheck = {
  id: "parse-inbound.dedup-key-from-identity",
  group: "parse-inbound",
  level: "required",
  rationale:
    "dedup_key identifies the event, not its content: equal texts in two events are two keys, one event is one key (contract.md#normalized-message, contract.md#dedup).",
  appliesWhen: receives,
  async run(ctx) {
    const sample = contentSample(ctx);
    const templated = sample === undefined ? "no message sample" : withProbe(ctx, sample, "{{content}}");
    if (typeof templated === "string") return failed([fixtureFailure(ctx, "parse-inbound", templated)]);
    const send = async (nonce: string, content: string) => {
      const prepared = prepareSample(ctx, templated, { nonce, vars: { content }, sign: { id: `msg_${nonce}` } });
      const parsed = await sendToParse(ctx, prepared);
      return { parsed, answer: expectMessage(ctx, parsed, `sample "${templated.name}" saying ${show(content)}`) };
    };
    const [one, two] = [ctx.nonce(), ctx.nonce()];
    const first = await send(one, "adapterkit same words");
    const other = await send(two, "adapterkit same words");
    const edited = await send(one, "adapterkit other words");
    const failures: CheckFailure[] = [];
    for (const sent of [first, other, edited]) if (!sent.answer.ok) failures.push(sent.answer.failure);
    if (!first.answer.ok || !other.answer.ok || !edited.answer.ok) return failed(failures);
    const [a, b, c] = [first, other, edited].map((sent) =>
      sent.answer.ok ? sent.answer.message.dedup_key : undefined,
    );
    if (a === undefined && b === undefined && c === undefined) return notApplicable("the adapter answers no dedup_key");
    if (a === b) {
      failures.push(
        checkFailure(ctx, other.parsed.call, {
          message: `two events with the same text share dedup_key ${show(a)}`,
          pointer: "/dedup_key",
          expected: `a key other than ${show(a)}`,
          actual: show(b),
        }),
      );
    }
    if (a !== c) {
      failures.push(
        checkFailure(ctx, edited.parsed.call, {
          message: "the same event (same id) with other text got another dedup_key",
          pointer: "/dedup_key",
          expected: show(a),
          actual: show(c),
        }),
      );
    }
    return outcomeOf(failures);
  },
};

import { isDeepStrictEqual } from "node:util";
import type { ClientResult } from "@adapterkit/client";
import { declaresEndpoint, type InboundResponse } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { checkFailure, type SentCall } from "../parse-inbound/call-failure.ts";
import { inboundSamples } from "../parse-inbound/inbound-samples.ts";
import { prepareSample } from "../parse-inbound/prepare-sample.ts";
import { receives } from "../parse-inbound/receives.ts";
import { toEnvelope } from "../parse-inbound/to-envelope.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { show } from "../shared/labels.ts";
import { type SignatureCase, signatureCases } from "./signature-cases.ts";

/**
 * D412: for every inbound sample and every signature case, `/inbound` answers what `/verify-webhook` then
 * `/parse-inbound` answer in turn: the verify refusal when it refuses, the parse answer otherwise.
 */
export const combinedEqualsTwoCalls: ConformanceCheck = {
  id: "inbound.combined-equals-two-calls",
  group: "inbound",
  level: "required",
  rationale:
    "The combined /inbound answers exactly what /verify-webhook then /parse-inbound answer, on every sample and " +
    "signature case (D410, D412).",
  appliesWhen: receives,
  async run(ctx) {
    if (!declaresEndpoint(ctx.manifest, "inbound")) {
      return notApplicable('the manifest does not declare the combined endpoint (endpoints lacks "inbound")');
    }
    const samples = inboundSamples(ctx);
    if (samples.length === 0) return notApplicable("the fixtures hold no inbound sample");
    const failures: CheckFailure[] = [];
    let compared = 0;
    for (const sample of samples) {
      const prepared = prepareSample(ctx, sample);
      for (const signed of signatureCases(ctx, sample, prepared)) {
        const failure = await compareCase(ctx, signed, prepared.mode, `sample "${sample.name}" ${signed.name}`);
        if (failure) failures.push(failure);
        compared += 1;
      }
    }
    return outcomeOf(failures, `${compared} request(s) of ${samples.length} sample(s)`);
  },
};

async function compareCase(
  ctx: ConformanceContext,
  signed: SignatureCase,
  mode: "trigger" | "front_desk",
  what: string,
): Promise<CheckFailure | undefined> {
  return (await compareCombined(ctx, signed, mode, what)).failure;
}

/** One request sent to `/inbound` and to the two calls it stands for: what `/inbound` answered, and any difference. */
export interface CombinedComparison {
  readonly combined: ClientResult<InboundResponse>;
  readonly call: SentCall;
  readonly failure: CheckFailure | undefined;
}

/**
 * Sends one signed request to `/verify-webhook` then (unless refused) `/parse-inbound`, and to `/inbound`, and
 * compares the answers; `what` names the request in the failure.
 */
export async function compareCombined(
  ctx: ConformanceContext,
  signed: SignatureCase,
  mode: "trigger" | "front_desk",
  what: string,
): Promise<CombinedComparison> {
  const envelope = toEnvelope(signed.request, goodCredentials(ctx), signed.signature);
  const verified = await ctx.client.verifyWebhook(envelope);
  const refused = !verified.ok || !verified.value.ok;
  const twoCalls = refused ? verified : await ctx.client.parseInbound({ ...envelope, mode });
  const body = { ...envelope, mode };
  const call: SentCall = { endpoint: "inbound", body };
  const combined = await ctx.client.inbound(body);
  const expected = verdictOf(twoCalls);
  const actual = verdictOf(combined);
  if (isDeepStrictEqual(expected, actual)) return { combined, call, failure: undefined };
  const failure = checkFailure(ctx, call, {
    message: `${what}: /inbound answered otherwise than ${refused ? "/verify-webhook" : "/verify-webhook then /parse-inbound"}`,
    expected: show(expected),
    actual: show(actual),
  });
  return { combined, call, failure };
}

/**
 * What an answer says, comparable across endpoints: the 200 body, or the status and D8 code, or the failure kind. A
 * D3 refusal (`{ok: false, error}`) compares as a refusal: its `error` is prose for people and may name a time that
 * moved on between the two calls ("the header is 600 s old", then "601 s old").
 */
function verdictOf(result: ClientResult<unknown>): unknown {
  if (result.ok) return { status: 200, body: isRefusal(result.value) ? { ok: false } : result.value };
  const { error } = result;
  if (error.kind === "http_status") return { status: error.status, code: error.body?.code ?? null };
  return { failure: error.kind };
}

function isRefusal(body: unknown): boolean {
  return typeof body === "object" && body !== null && "ok" in body && body.ok === false;
}

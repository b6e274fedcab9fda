import type { ConformanceCheck } from "../../context.ts";
import { notApplicable } from "../../outcome.ts";
import { receives } from "../parse-inbound/receives.ts";
import { judgeRejection, sendToVerify, signedStart } from "./send-to-verify.ts";

/**
 * The same JSON value serialised with other spacing, under the original signature, is rejected: an adapter that
 * parses and re-serialises before checking would wrongly accept it.
 */
export const rejectsReserialisedJson: ConformanceCheck = {
  id: "verify-webhook.rejects-reserialised-json",
  group: "verify-webhook",
  level: "required",
  rationale: "Signatures are checked over the bytes as received; nothing re-serialises JSON on the way (D2).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const { request, signature } = start.prepared;
    const respaced = request.body_encoding === undefined ? respace(request.body) : undefined;
    if (respaced === undefined) return notApplicable(`sample "${start.sample.name}" has no JSON body`);
    return judgeRejection(
      await sendToVerify(ctx, { ...request, body: respaced }, signature),
      ctx,
      "the same JSON with other spacing under the original signature",
    );
  },
};

/** The body's JSON value with different whitespace, or undefined when the body is not JSON. */
function respace(body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  for (const candidate of [JSON.stringify(value, null, 2), JSON.stringify(value), `${body} `]) {
    if (candidate !== body) return candidate;
  }
  return undefined;
}

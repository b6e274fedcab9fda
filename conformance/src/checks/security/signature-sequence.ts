import { randomBytes } from "node:crypto";
import { type SignatureHeaders, signRequest } from "@adapterkit/client";
import type { AdapterEndpointId } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { excerpt, label } from "../shared/labels.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

/** One call of a sequence: its D9 headers, and whether the adapter must serve it or refuse it with 401. */
export interface SignedStep {
  readonly what: string;
  readonly expect: "served" | "refused";
  readonly headers: Readonly<Record<string, string>>;
}

/** Builds a sequence from the exact body, a valid signature over it, and the adapter's secret. */
export type StepsFor = (
  valid: SignatureHeaders & Record<string, string>,
  body: string,
  secret: string,
) => readonly SignedStep[];

/** A fresh message id and the current time, so a sequence's valid signature is one the adapter never saw. */
export function freshSignature(secret: string, body: string, timestampSeconds = nowSeconds()): Record<string, string> {
  return { ...signRequest({ secret, body, id: `msg_${randomBytes(12).toString("base64url")}`, timestampSeconds }) };
}

/** The clock in whole Unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Sends each step, in order, to every required POST endpoint (the endpoints at once) and wants 401 for each
 * refused step and any other answer for each served one.
 */
export async function runSignedSteps(ctx: ConformanceContext, steps: StepsFor): Promise<CheckFailure[]> {
  const secret = ctx.signingSecret ?? "";
  const perEndpoint = requiredPosts(ctx.manifest).map(async ({ id }) => {
    const body = validBody(ctx, id);
    const text = JSON.stringify(body);
    const failures: CheckFailure[] = [];
    for (const step of steps(freshSignature(secret, text) as SignatureHeaders & Record<string, string>, text, secret)) {
      const failure = await sendStep(ctx, id, body, step);
      if (failure !== undefined) failures.push(failure);
    }
    return failures;
  });
  return (await Promise.all(perEndpoint)).flat();
}

async function sendStep(
  ctx: ConformanceContext,
  id: AdapterEndpointId,
  body: unknown,
  step: SignedStep,
): Promise<CheckFailure | undefined> {
  const result = await ctx.client.call(id, body, { signature: false, headers: { ...step.headers } });
  const status = result.response?.status;
  if (step.expect === "refused" ? status === 401 : status !== undefined && status !== 401) return undefined;
  return ctx.failure({
    endpoint: label(id),
    message: `${step.what} was ${step.expect === "refused" ? "not refused with 401" : "not served"}`,
    expected: step.expect === "refused" ? "401 unauthorized (D9)" : "an answer other than 401",
    actual: status === undefined ? "no response" : `${status} ${excerpt(result.response?.text ?? "")}`,
    request: { body, headers: result.request.headers },
  });
}

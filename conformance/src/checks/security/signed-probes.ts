import { randomBytes } from "node:crypto";
import { type CallOptions, signRequest } from "@adapterkit/client";
import type { AdapterEndpointId, Manifest } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { excerpt, label } from "../shared/labels.ts";
import { requiredPosts, requiresPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

/** Security checks need the adapter's secret: without it the runner cannot tell a signed call from an unsigned one. */
export function securityApplies(_manifest: unknown, ctx: ConformanceContext): true | string {
  return ctx.signingSecret !== undefined || "no --signing-secret given";
}

/** The signed-call checks also need a required POST endpoint to call: with none they would probe nothing. */
export function signedCallsApply(manifest: Manifest, ctx: ConformanceContext): true | string {
  const signed = securityApplies(manifest, ctx);
  return signed === true ? requiresPosts(manifest) : signed;
}

/** A way of calling with a missing or wrong D9 signature. */
export interface SignatureFault {
  readonly what: string;
  /** Call options given the exact body and the adapter's secret. */
  readonly options: (body: string, secret: string) => CallOptions;
}

/** No signature headers at all. */
export const UNSIGNED: SignatureFault = { what: "an unsigned call", options: () => ({ signature: false }) };

/** Signed, but wrongly: another secret, a stale timestamp, a signature over other bytes. */
export const WRONGLY_SIGNED: readonly SignatureFault[] = [
  {
    what: "a call signed with another secret",
    options: () => ({ signature: { secret: `whsec_${randomBytes(24).toString("base64")}` } }),
  },
  {
    what: "a call signed an hour ago",
    options: () => ({ signature: { timestampSeconds: Math.floor(Date.now() / 1000) - 3_600 } }),
  },
  {
    what: "a call whose signature covers other bytes",
    options: (body, secret) => ({ signature: false, headers: { ...signRequest({ secret, body: `${body} ` }) } }),
  },
];

/** Sends each fault to every required POST endpoint and wants 401 for each. */
export async function expectUnauthorized(
  ctx: ConformanceContext,
  faults: readonly SignatureFault[],
): Promise<CheckFailure[]> {
  const calls = requiredPosts(ctx.manifest).flatMap((endpoint) => faults.map((fault) => ({ id: endpoint.id, fault })));
  const failures = await Promise.all(calls.map(({ id, fault }) => probe(ctx, id, fault)));
  return failures.filter((failure): failure is CheckFailure => failure !== undefined);
}

async function probe(
  ctx: ConformanceContext,
  id: AdapterEndpointId,
  fault: SignatureFault,
): Promise<CheckFailure | undefined> {
  const body = validBody(ctx, id);
  const result = await ctx.client.call(id, body, fault.options(JSON.stringify(body), ctx.signingSecret ?? ""));
  const status = result.response?.status;
  if (status === 401) return undefined;
  return ctx.failure({
    endpoint: label(id),
    message: `${fault.what} was not refused with 401`,
    expected: "401 unauthorized (D9)",
    actual: status === undefined ? "no response" : `${status} ${excerpt(result.response?.text ?? "")}`,
    request: { body, headers: result.request.headers },
  });
}

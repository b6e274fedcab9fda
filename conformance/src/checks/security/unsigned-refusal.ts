import type { AdapterEndpointId } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { excerpt, label } from "../shared/labels.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

/** Answers that say "no such endpoint" rather than anything about the call. */
const ABSENT = new Set([404, 405, 501]);

/** The one finding of an unsigned run against an adapter that refuses unsigned calls. */
export const UNSIGNED_REFUSAL_MESSAGE = "the adapter refuses unsigned calls (401); pass --signing-secret";

const REFUSALS = new WeakMap<ConformanceContext, Promise<CheckFailure | undefined>>();

/**
 * In a run without a signing secret: whether the adapter answers 401 to a well-formed unsigned call on every
 * POST endpoint it requires (or `/sources/list-changes` when it requires none) that answers at all. Such an
 * adapter is served with a D9 secret, and every check that calls it would fail on 401 alone. Made once per run.
 */
export function unsignedRefusal(ctx: ConformanceContext): Promise<CheckFailure | undefined> {
  let refusal = REFUSALS.get(ctx);
  if (refusal === undefined) {
    refusal = ctx.signingSecret === undefined ? probeUnsigned(ctx) : Promise.resolve(undefined);
    REFUSALS.set(ctx, refusal);
  }
  return refusal;
}

async function probeUnsigned(ctx: ConformanceContext): Promise<CheckFailure | undefined> {
  const required = requiredPosts(ctx.manifest).map((endpoint) => endpoint.id);
  const ids: AdapterEndpointId[] = required.length > 0 ? required : ["list-changes"];
  const answers = await Promise.all(
    ids.map(async (id) => {
      const body = validBody(ctx, id);
      const result = await ctx.client.call(id, body, { signature: false });
      return { id, body, status: result.response?.status, text: result.response?.text ?? "" };
    }),
  );
  const answered = answers.filter(({ status }) => status !== undefined && !ABSENT.has(status));
  const first = answered[0];
  if (first === undefined || answered.some(({ status }) => status !== 401)) return undefined;
  return ctx.failure({
    endpoint: label(first.id),
    message: UNSIGNED_REFUSAL_MESSAGE,
    expected: "an answer to an unsigned call, or a run given the adapter's signing secret (D9)",
    actual: `401 from ${answered.map(({ id }) => label(id)).join(", ")}: ${excerpt(first.text)}`,
    request: { body: first.body },
  });
}

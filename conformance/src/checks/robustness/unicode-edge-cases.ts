import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { excerpt, label } from "../shared/labels.ts";
import { requiredPosts, requiresPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

/**
 * Lone surrogates (high and low), astral characters, NUL, and bidirectional overrides, isolates and marks: all
 * valid in a JSON string, all known to trip `encodeURIComponent`, `TextEncoder`-round trips and C strings.
 */
export const UNICODE_EDGES = "a\ud800b\udc00c 𝄞😀 nul\u0000 \u202egnp.exe\u202c \u2066iso\u2069 \u200frtl\u200e end";

/**
 * The text of every required POST endpoint that carries one (`/format`, `/deliver`; the envelope body of the
 * inbound endpoints) holds the Unicode edge cases: each may be refused with a 4xx, never answered with a 5xx.
 */
export const unicodeEdgeCases: ConformanceCheck = {
  id: "robustness.unicode-edge-cases",
  group: "robustness",
  level: "required",
  rationale:
    "STYLE 9: lone surrogates, astral characters, NUL and bidirectional marks are valid JSON strings; they may be refused with a 4xx, never a 5xx.",
  appliesWhen: requiresPosts,
  run: async (ctx) => {
    const failures = await Promise.all(requiredPosts(ctx.manifest).map((endpoint) => probe(ctx, endpoint.id)));
    return outcomeOf(failures.filter((failure): failure is CheckFailure => failure !== undefined));
  },
};

async function probe(ctx: ConformanceContext, id: Parameters<typeof validBody>[1]): Promise<CheckFailure | undefined> {
  const body = withEdges(id, validBody(ctx, id, UNICODE_EDGES));
  const result = await ctx.client.call(id, body);
  const status = result.response?.status;
  if (status !== undefined && status < 500) return undefined;
  return ctx.failure({
    endpoint: label(id),
    message: "a text with lone surrogates, astral characters, NUL and bidi marks was not answered below 500",
    expected: "a 2xx, or a 4xx naming the field",
    actual:
      status === undefined
        ? `no response (${result.ok ? "" : result.error.kind})`
        : `${status} ${excerpt(result.response?.text ?? "")}`,
    request: { body },
  });
}

/** The inbound envelopes carry the edges in their platform body (a JSON event) rather than a text field. */
function withEdges(id: string, body: unknown): unknown {
  if (id !== "verify-webhook" && id !== "parse-inbound" && id !== "inbound") return body;
  return { ...(body as Record<string, unknown>), body: JSON.stringify({ type: "message", text: UNICODE_EDGES }) };
}

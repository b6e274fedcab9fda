import { isDeepStrictEqual } from "node:util";
import type { ConformanceContext, RenderedRequest, SignOverrides } from "../../context.ts";
import type { PreparedInbound } from "../parse-inbound/prepare-request.ts";
import { tamperOneByte } from "./tamper-one-byte.ts";

/** Which headers of the platform's scheme carry the signature, the message id and the timestamp. */
export interface SignatureAnatomy {
  /** The headers for the prepared request, signed with `overrides`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly overrides: Required<Pick<SignOverrides, "id" | "timestamp">>;
  /** Headers that change with the body alone: the signature itself. */
  readonly signature: readonly string[];
  /** Headers besides the signature that change with the message id alone (none when the scheme signs no id). */
  readonly id: readonly string[];
  /** Headers besides the signature that change with the timestamp alone (none when the scheme signs none). */
  readonly timestamp: readonly string[];
}

/**
 * Learns the scheme's layout by signing the same request with one input changed at a time, so the signature checks
 * work for every scheme the fixtures can declare without knowing its header names.
 */
export function signatureAnatomy(ctx: ConformanceContext, prepared: PreparedInbound): SignatureAnatomy {
  const overrides = { id: `msg_${prepared.nonce}`, timestamp: Math.floor(Date.now() / 1000) };
  const headers = ctx.sign(prepared.request, overrides);
  const signature = changed(headers, ctx.sign(tamperOneByte(prepared.request, prepared.nonce), overrides), []);
  const byId = ctx.sign(prepared.request, { ...overrides, id: `${overrides.id}x` });
  const byTimestamp = ctx.sign(prepared.request, { ...overrides, timestamp: overrides.timestamp - 1 });
  return {
    headers,
    overrides,
    signature,
    id: changed(headers, byId, signature),
    timestamp: changed(headers, byTimestamp, signature),
  };
}

/**
 * Whether the scheme signs a timestamp: the same request signed a second earlier carries other headers. This holds
 * where the timestamp has no header of its own too (Stripe's `t=` inside `stripe-signature`), which the anatomy's
 * `timestamp` list leaves out because that header is the signature's.
 */
export function signsTimestamp(ctx: ConformanceContext, request: RenderedRequest, id: string, now: number): boolean {
  return !isDeepStrictEqual(ctx.sign(request, { id, timestamp: now }), ctx.sign(request, { id, timestamp: now - 1 }));
}

/** The headers whose values differ between two signings, leaving out `except`. */
function changed(
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
  except: readonly string[],
): string[] {
  return Object.keys(a).filter((name) => a[name] !== b[name] && !except.includes(name));
}

/** The headers with one signed part swapped for another value, the signature left as it was. */
export function withPartChanged(
  ctx: ConformanceContext,
  prepared: PreparedInbound,
  anatomy: SignatureAnatomy,
  part: "id" | "timestamp",
): Record<string, string> {
  const { overrides } = anatomy;
  const other =
    part === "id"
      ? ctx.sign(prepared.request, { ...overrides, id: `${overrides.id}x` })
      : ctx.sign(prepared.request, { ...overrides, timestamp: overrides.timestamp - 1 });
  const swapped: Record<string, string> = { ...anatomy.headers };
  for (const name of anatomy[part]) swapped[name] = other[name] ?? "";
  return swapped;
}

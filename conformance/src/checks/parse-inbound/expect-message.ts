import { inboundKind, type NormalizedMessage } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { show } from "../shared/labels.ts";
import { callFailure, checkFailure } from "./call-failure.ts";
import type { ParseCall } from "./send-to-parse.ts";

/** The normalized message a `/parse-inbound` call answered, or the failure saying why it is not one. */
export function expectMessage(
  ctx: ConformanceContext,
  { call, result }: ParseCall,
  label: string,
): { ok: true; message: NormalizedMessage } | { ok: false; failure: CheckFailure } {
  if (!result.ok) return { ok: false, failure: callFailure(ctx, call, result, label) };
  const kind = inboundKind(result.value);
  if (kind !== "message") {
    return {
      ok: false,
      failure: checkFailure(ctx, call, {
        message: `${label}: answered a ${kind}, expected a message`,
        pointer: "",
        expected: "a normalized message (D4)",
        actual: show(result.value),
      }),
    };
  }
  return { ok: true, message: result.value as NormalizedMessage };
}

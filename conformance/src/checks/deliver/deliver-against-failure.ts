import type { CapturedDelivery, CheckOutcome } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { failed, notApplicable } from "../../outcome.ts";
import { carries, type DeliverCall, deliverText, expectDelivered } from "./deliver-text.ts";

/** A canned platform failure: status and body. */
export interface PlatformFailure {
  readonly status: number;
  readonly body?: unknown;
  /** Hold the answer back this long (a platform that hangs). */
  readonly delayMs?: number;
}

/**
 * Delivers once to learn the platform route the adapter posts to, then makes the next request on that route that
 * carries a fresh nonce answer `failure`, and delivers that nonce. HTTP platforms only (the stand-in fails HTTP
 * routes), so a mail adapter gets `not_applicable`.
 */
export async function deliverAgainstFailure(
  ctx: ConformanceContext,
  failure: PlatformFailure,
): Promise<{ ok: true; delivered: DeliverCall; nonce: string } | { ok: false; outcome: CheckOutcome }> {
  const probeNonce = ctx.nonce();
  const probe = await expectDelivered(
    ctx,
    await deliverText(ctx, { text: `adapterkit probe ${probeNonce}` }),
    probeNonce,
  );
  if (!probe.ok)
    return { ok: false, outcome: failed([{ ...probe.failure, step: probe.failure.step ?? "probe delivery" }]) };
  const { method, path, protocol } = probe.delivery;
  if (protocol !== "http" || path === undefined) {
    return {
      ok: false,
      outcome: notApplicable("the adapter delivers over SMTP; the stand-in platform fails HTTP routes only"),
    };
  }
  const nonce = ctx.nonce();
  const matches = (request: CapturedDelivery) => carries(request, nonce);
  ctx.platform.failNext({ ...(method === undefined ? {} : { method }), path, matches }, { ...failure, times: 1 });
  const delivered = await deliverText(ctx, { text: `adapterkit platform failure ${nonce}` });
  if (!("result" in delivered)) return { ok: false, outcome: failed([delivered]) };
  return { ok: true, delivered, nonce };
}

import type { ClientResult } from "@adapterkit/client";
import { type DeliverRequest, type DeliverResponse, hasCapability, type Manifest } from "@adapterkit/contract";
import type { CapturedDelivery, CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { callFailure, checkFailure, fixtureFailure, type SentCall } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { show } from "../shared/labels.ts";

/** `appliesWhen` of the deliver checks: the adapter declares `send`. */
export function sends(manifest: Manifest): boolean | string {
  return hasCapability(manifest, "send") || "the manifest does not declare the send capability";
}

/** A `/deliver` call and its answer. */
export interface DeliverCall {
  readonly call: SentCall;
  readonly result: ClientResult<DeliverResponse>;
  /** When the call was made (ms), to look for its delivery on the stand-in platform. */
  readonly since: number;
}

/** What to deliver; credentials default to the good ones. */
export interface DeliverText {
  readonly text: string;
  readonly threadId?: string;
  readonly credentials?: Readonly<Record<string, unknown>>;
}

/** Delivers a text to the fixtures' sandbox channel, or answers the fixture failure when there is none. */
export async function deliverText(ctx: ConformanceContext, what: DeliverText): Promise<DeliverCall | CheckFailure> {
  const address = ctx.fixtures.channel_address;
  if (address === undefined) return fixtureFailure(ctx, "deliver", "the fixtures give no channel_address");
  const body: DeliverRequest = {
    credentials: { ...(what.credentials ?? goodCredentials(ctx)) },
    channel_address: ctx.render(address),
    message: { text: what.text, ...(what.threadId === undefined ? {} : { thread_id: what.threadId }) },
  };
  const since = Date.now();
  return { call: { endpoint: "deliver", body }, result: await ctx.client.deliver(body), since };
}

/** The delivery an accepted `/deliver` call made, as the stand-in platform captured it, or the failure. */
export async function expectDelivered(
  ctx: ConformanceContext,
  delivered: DeliverCall | CheckFailure,
  marker: string,
): Promise<{ ok: true; delivery: CapturedDelivery; call: DeliverCall } | { ok: false; failure: CheckFailure }> {
  if (!("result" in delivered)) return { ok: false, failure: delivered };
  const { call, result, since } = delivered;
  if (!result.ok) return { ok: false, failure: callFailure(ctx, call, result, "delivering to the sandbox channel") };
  if (!result.value.ok) {
    return {
      ok: false,
      failure: checkFailure(ctx, call, {
        message: "the sandbox delivery with good credentials was refused",
        pointer: "/ok",
        expected: "true",
        actual: show(result.value),
      }),
    };
  }
  const delivery = await ctx.platform.waitForDelivery((captured) => carries(captured, marker), {
    since,
    timeoutMs: ctx.timeoutMs,
  });
  if (delivery !== undefined) return { ok: true, delivery, call: delivered };
  return {
    ok: false,
    failure: checkFailure(ctx, call, {
      message: `no request carrying the delivered text reached the stand-in platform within ${ctx.timeoutMs} ms`,
      step: "capture",
    }),
  };
}

/** Whether a captured delivery carries a marker in its body or (for mail) its decoded parts. */
export function carries(delivery: CapturedDelivery, marker: string): boolean {
  return (
    delivery.body.includes(marker) || (delivery.json !== undefined && JSON.stringify(delivery.json).includes(marker))
  );
}

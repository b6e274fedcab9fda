import { hasCapability, type InboundMode, type Manifest, type NormalizedMessage } from "@adapterkit/contract";
import type { CapturedDelivery, CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import type { FixtureRequest } from "../../fixtures/fixtures.ts";
import { deliverFixtures } from "../deliver/deliver-fixtures.ts";
import { deliverText, expectDelivered } from "../deliver/deliver-text.ts";
import { fixtureFailure } from "../parse-inbound/call-failure.ts";
import { expectMessage } from "../parse-inbound/expect-message.ts";
import { type PreparedInbound, prepareRequest } from "../parse-inbound/prepare-request.ts";
import { type ParseCall, sendToParse } from "../parse-inbound/send-to-parse.ts";

/** `appliesWhen` of the feedback loop: the adapter both sends and receives. */
export function sendsAndReceives(manifest: Manifest): boolean | string {
  return (
    (hasCapability(manifest, "send") && hasCapability(manifest, "receive")) ||
    "the manifest does not declare both send and receive"
  );
}

/** Which echo template: how the platform reports the adapter's own message, or the same text from a person. */
export type EchoKind = "bot" | "person";

/** Where the echo comes back: the mode `/parse-inbound` is called in (default trigger), and whether the delivery went into a thread. */
export interface EchoPlace {
  readonly mode?: InboundMode;
  readonly thread?: boolean;
}

/** The echo of a delivery as `/parse-inbound` normalized it. */
export interface EchoResult {
  readonly parsed: ParseCall;
  readonly message: NormalizedMessage;
  readonly text: string;
}

/** An echo ready to send: the rendered, signed template and the text it carries. */
export interface PreparedEcho {
  readonly prepared: PreparedInbound;
  readonly text: string;
}

/**
 * Delivers a nonce text to the sandbox channel (into a thread when asked), waits for the stand-in platform to
 * capture it, and renders and signs the fixtures' echo template with `delivery` = that capture.
 */
export async function prepareEcho(
  ctx: ConformanceContext,
  kind: EchoKind,
  where: EchoPlace = {},
): Promise<{ ok: true; echo: PreparedEcho } | { ok: false; failure: CheckFailure }> {
  const template = ctx.fixtures.echo?.[kind];
  if (template === undefined)
    return { ok: false, failure: fixtureFailure(ctx, "parse-inbound", `the fixtures give no echo.${kind} template`) };
  const nonce = ctx.nonce();
  const text = `adapterkit feedback loop ${nonce}`;
  const threadId =
    where.thread === true ? ctx.render(deliverFixtures(ctx).thread_id ?? "thread-{{nonce}}", { nonce }) : undefined;
  const delivered = await expectDelivered(
    ctx,
    await deliverText(ctx, { text, ...(threadId === undefined ? {} : { threadId }) }),
    nonce,
  );
  if (!delivered.ok) return delivered;
  const prepared = prepareRequest(ctx, template as FixtureRequest, {
    vars: { delivery: deliveryVars(delivered.delivery), text },
    mode: where.mode ?? "trigger",
  });
  return { ok: true, echo: { prepared, text } };
}

/** {@link prepareEcho}, then sends the echo to `/parse-inbound` and expects a message. */
export async function sendEcho(
  ctx: ConformanceContext,
  kind: EchoKind,
  where: EchoPlace = {},
): Promise<{ ok: true; echo: EchoResult } | { ok: false; failure: CheckFailure }> {
  const ready = await prepareEcho(ctx, kind, where);
  if (!ready.ok) return ready;
  const { prepared, text } = ready.echo;
  const parsed = await sendToParse(ctx, prepared);
  const answer = expectMessage(ctx, parsed, `echo.${kind} of the delivered text`);
  if (!answer.ok) return answer;
  return { ok: true, echo: { parsed, message: answer.message, text } };
}

/** What `{{delivery.*}}` offers echo templates: the capture plus its raw bytes in base64 and base64url. */
export function deliveryVars(delivery: CapturedDelivery): Record<string, unknown> {
  const raw = Buffer.from(delivery.body, "utf8");
  return { ...delivery, raw_base64: raw.toString("base64"), raw_base64url: raw.toString("base64url") };
}

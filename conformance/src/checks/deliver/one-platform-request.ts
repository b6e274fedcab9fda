import { setTimeout as sleep } from "node:timers/promises";
import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { carries, deliverText, expectDelivered, sends } from "./deliver-text.ts";

/** How long after the answer a stray second request may still arrive (a fire-and-forget duplicate). */
const GRACE_MS = 150;

/**
 * One `/deliver` call sends the message once: the service owns retries (D5 `retryable`), so an adapter that
 * posts twice, or retries on its own, shows every message twice.
 */
export const onePlatformRequest: ConformanceCheck = {
  id: "deliver.one-platform-request",
  group: "deliver",
  level: "required",
  rationale:
    "One /deliver call makes exactly one platform request; the service owns retries (retryable), so a duplicate shows twice (contract.md#deliver, D5).",
  appliesWhen: sends,
  async run(ctx) {
    const nonce = ctx.nonce();
    const delivered = await expectDelivered(ctx, await deliverText(ctx, { text: `adapterkit once ${nonce}` }), nonce);
    if (!delivered.ok) return failed([delivered.failure]);
    await sleep(GRACE_MS);
    const since = delivered.call.since;
    const requests = ctx.platform
      .deliveries()
      .filter((delivery) => delivery.receivedAt >= since && carries(delivery, nonce));
    if (requests.length === 1) return passed();
    return failed([
      checkFailure(ctx, delivered.call.call, {
        message: `one delivery reached the platform ${requests.length} times`,
        expected: "1 request carrying the text",
        actual: requests.map((request) => `${request.method ?? "MAIL"} ${request.path ?? ""}`.trim()).join(", "),
        step: "capture",
      }),
    ]);
  },
};

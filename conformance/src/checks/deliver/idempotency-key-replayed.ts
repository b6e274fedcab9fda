import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";
import type { DeliverRequest } from "@adapterkit/contract";
import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { show } from "../shared/labels.ts";
import { carries, expectDelivered, sends } from "./deliver-text.ts";

/** How long after the repeat's answer a second platform request may still arrive (as `one-platform-request`). */
const GRACE_MS = 150;

/**
 * The service retries a delivery whose answer it lost with the same `Idempotency-Key`: the repeat answers the first
 * answer and makes no second platform request, or the message shows twice.
 */
export const idempotencyKeyReplayed: ConformanceCheck = {
  id: "deliver.idempotency-key-replayed",
  group: "deliver",
  level: "required",
  rationale:
    "The service sends an Idempotency-Key with each delivery and retries with the same key, so a repeat answers the " +
    "first answer without a second platform request (contract.md#deliver, D174).",
  appliesWhen: sends,
  async run(ctx) {
    const address = ctx.fixtures.channel_address;
    if (address === undefined) return passed("the fixtures give no channel_address (deliver.response-shape says so)");
    const nonce = ctx.nonce();
    const body: DeliverRequest = {
      credentials: { ...goodCredentials(ctx) },
      channel_address: ctx.render(address),
      message: { text: `adapterkit idempotent ${nonce}` },
    };
    const headers = { "idempotency-key": randomUUID() };
    const call = { endpoint: "deliver" as const, body, headers };
    const since = Date.now();
    const first = await ctx.client.deliver(body, { headers });
    const delivered = await expectDelivered(ctx, { call, result: first, since }, nonce);
    if (!delivered.ok) return failed([delivered.failure]);
    // Only requests the repeat made count: one call posting twice is deliver.one-platform-request's to report.
    await sleep(GRACE_MS);
    const count = () => ctx.platform.deliveries().filter((d) => d.receivedAt >= since && carries(d, nonce)).length;
    const beforeRepeat = count();
    const repeat = await ctx.client.deliver(body, { headers });
    if (!repeat.ok) return failed([callFailure(ctx, call, repeat, "the repeat with the same Idempotency-Key")]);
    await sleep(GRACE_MS);
    const again = count() - beforeRepeat;
    const failures = [];
    if (again > 0) {
      failures.push(
        checkFailure(ctx, call, {
          message: `a repeat with the same Idempotency-Key reached the platform again (${again} more request(s))`,
          expected: "no platform request for the repeat",
          actual: `${again} platform request(s)`,
          step: "capture",
        }),
      );
    }
    if (first.ok && !isDeepStrictEqual(first.value, repeat.value)) {
      failures.push(
        checkFailure(ctx, call, {
          message: "a repeat with the same Idempotency-Key answered otherwise than the first call",
          expected: show(first.value),
          actual: show(repeat.value),
        }),
      );
    }
    return failures.length === 0
      ? passed("the repeat answered the first answer and made no platform request")
      : failed(failures);
  },
};

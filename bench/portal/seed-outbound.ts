import type { Service } from "@adapterkit/service";
import { withCallbackTables } from "../../packages/service/src/callbacks/callback-tables.ts";
import { withFrontDeskTables } from "../../packages/service/src/front-desk/front-desk-tables.ts";
import { type NewAttempt, withAttemptTables } from "../../packages/service/src/outbound-records/attempt-tables.ts";
import { inChunks } from "../../packages/service/src/store/in-chunks.ts";

const EXCERPT = `{"ok":false,"error":"upstream unavailable","detail":"${"x".repeat(160)}"}`;

/** The attempt records a delivery that took `count` attempts leaves: failures on D25's ladder, then its end. */
function attemptsOf(deliveryId: number, count: number, delivered: boolean, start: number): NewAttempt[] {
  return Array.from({ length: count }, (_, index) => {
    const last = index === count - 1;
    const ok = last && delivered;
    return {
      delivery_id: deliveryId,
      attempt: index + 1,
      started_at: new Date(start + index * 60_000).toISOString(),
      latency_ms: 40 + index,
      http_status: ok ? 200 : 500,
      error_class: ok ? null : "http_status",
      error: ok ? null : "HTTP 500",
      excerpt: ok ? '{"ok":true}' : EXCERPT,
      excerpt_truncated: 0,
      next_attempt_at: last ? null : new Date(start + (index + 1) * 60_000).toISOString(),
      outcome: ok ? "delivered" : last ? "dead" : "pending",
    };
  });
}

/**
 * D510's records at the bench's scale: every front-desk delivery of the store gets its attempts (8 for a dead one,
 * 1 for a delivered one), and `callbacks` callback deliveries spread over as many runs, each with 9 attempts when
 * dead (one in ten) and 1 when delivered; the run `runId` holds the newest 20, the page the bench measures.
 */
export async function seedOutbound(service: Service, runId: number, callbacks = 10_000): Promise<void> {
  const db = service.store.db;
  const replies = await withFrontDeskTables(db).selectFrom("deliveries").select(["id", "status", "attempts"]).execute();
  const start = Date.now() - 3_600_000;
  const replyAttempts = replies.flatMap((row) => attemptsOf(row.id, row.attempts, row.status === "delivered", start));
  const organization = await db
    .selectFrom("workflow_runs")
    .select("organization_id")
    .where("id", "=", runId)
    .executeTakeFirstOrThrow();
  const at = new Date(start).toISOString();
  const rows = Array.from({ length: callbacks }, (_, index) => ({
    organization_id: organization.organization_id,
    workflow_run_id: index >= callbacks - 20 ? runId : 1_000_000 + index,
    event_type: "workflow_run.completed",
    url: "https://example.com/hooks/bench",
    webhook_id: `msg_bench_${index}`,
    payload: '{"type":"workflow_run.completed"}',
    status: index % 10 === 0 ? ("dead" as const) : ("delivered" as const),
    attempts: index % 10 === 0 ? 9 : 1,
    next_attempt_at: null,
    last_status: index % 10 === 0 ? 500 : 200,
    last_error: index % 10 === 0 ? "HTTP 500" : null,
    created_at: at,
    finished_at: at,
  }));
  await db.transaction().execute(async (trx) => {
    for (const chunk of inChunks(replyAttempts)) {
      await withAttemptTables(trx).insertInto("reply_attempts").values(chunk).execute();
    }
    for (const chunk of inChunks(rows)) {
      const inserted = await withCallbackTables(trx)
        .insertInto("callback_deliveries")
        .values(chunk)
        .returning(["id", "status", "attempts"])
        .execute();
      const attempts = inserted.flatMap((row) => attemptsOf(row.id, row.attempts, row.status === "delivered", start));
      for (const part of inChunks(attempts)) {
        await withAttemptTables(trx).insertInto("callback_attempts").values(part).execute();
      }
    }
  });
}

import type { CallbackEnvelope, ReceivedCallback, ReceivedCallbackPage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { readPageQuery, toPage } from "../http/page.ts";
import type { Database } from "../store/index.ts";
import { type ReceivedCallbackRow, withCallbackTables } from "./callback-tables.ts";

function toReceivedCallback(row: ReceivedCallbackRow): ReceivedCallback {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    type: row.event_type as CallbackEnvelope["type"],
    received_at: row.received_at,
    payload: JSON.parse(row.payload) as CallbackEnvelope,
  };
}

/**
 * D25, D106: the notifications the receiver recorded about runs in the principal's scope, newest first, a page at a
 * time. A notification counts as its run's when this instance sent it (its webhook-id is in the outbox); the run's
 * workflow then decides, never what the payload claims. One no delivery of this instance matches is nobody's to see.
 */
export async function listReceivedCallbacks(
  db: Kysely<Database>,
  principal: Principal,
  query: URLSearchParams,
): Promise<ReceivedCallbackPage> {
  const { limit, before } = readPageQuery(query);
  const { scope } = principal;
  const rows = await withCallbackTables(db)
    .selectFrom("received_callbacks as received")
    .innerJoin("callback_deliveries as sent", (join) =>
      join
        .onRef("sent.webhook_id", "=", "received.webhook_id")
        .onRef("sent.organization_id", "=", "received.organization_id"),
    )
    .innerJoin("workflow_runs as run", "run.id", "sent.workflow_run_id")
    .innerJoin("workflows as workflow", "workflow.id", "run.workflow_id")
    .selectAll("received")
    .where("received.organization_id", "=", principal.organizationId)
    .where("workflow.organization_id", "=", principal.organizationId)
    .$if(scope.type === "project", (select) =>
      select.where("workflow.project_id", "=", scope.type === "project" ? scope.projectId : 0),
    )
    .$if(scope.type === "workflow", (select) =>
      select.where("workflow.id", "=", scope.type === "workflow" ? scope.workflowId : 0),
    )
    .$if(before !== undefined, (select) => select.where("received.id", "<", before ?? 0))
    .orderBy("received.id", "desc")
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, toReceivedCallback);
}

import type { Service } from "@adapterkit/service";
import { findAppBySlug } from "../../packages/service/src/apps/find-app.ts";
import { withInboundTables } from "../../packages/service/src/inbound/inbound-tables.ts";
import { insertInstallation } from "../../packages/service/src/installations/installation-store.ts";

/** Installs one App into the project with `events` inbound events in its log; returns the installation's id. */
export async function seedInstallation(
  service: Service,
  scope: { organizationId: number; projectId: number; slug: string },
  events = 200,
): Promise<string> {
  const app = await findAppBySlug(service.store.db, scope.slug);
  if (app === undefined) throw new Error(`no App ${scope.slug}`);
  const now = new Date();
  const row = await insertInstallation(service.store.db, {
    organizationId: scope.organizationId,
    projectId: scope.projectId,
    appId: app.id,
    appVersion: app.published_version ?? app.latest_version,
    verifiedUser: "bench",
    now,
  });
  const rows = Array.from({ length: events }, (_, index) => ({
    installation_id: row.id,
    received_at: new Date(now.getTime() - index * 1000).toISOString(),
    outcome: index % 5 === 0 ? ("unmatched" as const) : ("accepted" as const),
    event_type: "message-received",
    sender: `person-${index}@example.com`,
    dedup_key: `bench-${index}`,
    thread_id: null,
    workflow_run_ids: null,
    detail: null,
  }));
  await withInboundTables(service.store.db).insertInto("inbound_events").values(rows).execute();
  return row.id;
}

import type { Service } from "@adapterkit/service";
import { findAppBySlug } from "../../packages/service/src/apps/find-app.ts";
import { withFrontDeskTables } from "../../packages/service/src/front-desk/front-desk-tables.ts";
import { withInboundTables } from "../../packages/service/src/inbound/inbound-tables.ts";
import { insertInstallation } from "../../packages/service/src/installations/installation-store.ts";
import { inChunks } from "../../packages/service/src/store/in-chunks.ts";

/** An installation seeded with a log, and cursors to a page half-way down its events and its deliveries. */
export interface SeededInstallation {
  readonly id: string;
  readonly eventsCursor: string;
  /** The event half-way down, whose page the bench reads. */
  readonly eventId: number;
  readonly deliveriesCursor: string;
}

interface Scope {
  readonly organizationId: number;
  readonly projectId: number;
}

async function install(service: Service, scope: Scope, slug: string): Promise<string> {
  const app = await findAppBySlug(service.store.db, slug);
  if (app === undefined) throw new Error(`no App ${slug}`);
  const row = await insertInstallation(service.store.db, {
    ...scope,
    appId: app.id,
    appVersion: app.published_version ?? app.latest_version,
    verifiedUser: "bench",
    now: new Date(),
  });
  return row.id;
}

const cursorOf = (id: number) => Buffer.from(String(id)).toString("base64url");

/**
 * Installs `slug` with `rows` inbound events and `rows` front-desk deliveries, and beside it an installation of
 * `neighbour` that received as many of each since (so a query that does not go straight to one installation's rows
 * reads the other's first, as on an instance where the measured installation went quiet and others did not).
 * Written 500 rows a statement in one transaction.
 */
export async function seedInstallation(
  service: Service,
  scope: Scope,
  apps: { slug: string; neighbour: string },
  rows = 10_000,
): Promise<SeededInstallation> {
  const id = await install(service, scope, apps.slug);
  const neighbour = await install(service, scope, apps.neighbour);
  const start = Date.now() - 2 * rows * 1000;
  const owners = Array.from({ length: 2 * rows }, (_, index) => (index < rows ? id : neighbour));
  const at = (index: number) => new Date(start + index * 1000).toISOString();
  // Each event a record as the service keeps one: the message, the request as it arrived (about 1 KB), one call.
  const events = owners.map((installation, index) => {
    const sender = `person-${index}@example.com`;
    const text = `Message number ${index}: ${"lorem ipsum ".repeat(20)}`;
    const message = JSON.stringify({ event_type: "message-received", sender, message: text, is_bot: false });
    const body = JSON.stringify({ type: "event_callback", event_id: `Ev${index}`, event: { user: sender, text } });
    const request = JSON.stringify({
      method: "POST",
      path: `/api/v1/apps/${installation}/inbound`,
      query: {},
      headers: { "content-type": "application/json", "x-slack-signature": "[redacted]" },
      body,
      body_encoding: "text",
      body_bytes: body.length,
      body_truncated: false,
    });
    const calls = JSON.stringify([{ endpoint: "inbound", outcome: "ok", status: 200, latency_ms: 1.5, error: null }]);
    return {
      installation_id: installation,
      received_at: at(index),
      outcome: index % 10 === 0 ? ("unmatched" as const) : ("accepted" as const),
      event_type: "message-received",
      sender,
      dedup_key: `bench-${index}`,
      thread_id: null,
      workflow_run_ids: index % 10 === 0 ? null : JSON.stringify([index]),
      detail: null,
      message,
      excerpt: text.slice(0, 120),
      request,
      adapter_calls: calls,
      replay_of: null,
      replay_key: null,
      stored_bytes: message.length + request.length + calls.length,
    };
  });
  const deliveries = owners.map((installation, index) => ({
    installation_id: installation,
    contact_id: null,
    inbound_event_id: null,
    channel_address: `person-${index}@example.com`,
    thread_id: null,
    text: `Reply number ${index}`,
    status: index % 20 === 0 ? ("dead" as const) : ("delivered" as const),
    attempts: index % 20 === 0 ? 8 : 1,
    next_attempt_at: at(index),
    message_id: null,
    last_error: index % 20 === 0 ? "the platform answered 500" : null,
    created_at: at(index),
    delivered_at: index % 20 === 0 ? null : at(index),
  }));
  await service.store.db.transaction().execute(async (trx) => {
    for (const chunk of inChunks(events))
      await withInboundTables(trx).insertInto("inbound_events").values(chunk).execute();
    for (const chunk of inChunks(deliveries))
      await withFrontDeskTables(trx).insertInto("deliveries").values(chunk).execute();
  });
  // The id half-way down each list: a page there is what an author paging back through the log reaches.
  const half = Math.floor(rows / 2);
  const event = await withInboundTables(service.store.db)
    .selectFrom("inbound_events")
    .select("id")
    .where("installation_id", "=", id)
    .orderBy("id", "desc")
    .offset(half)
    .limit(1)
    .executeTakeFirstOrThrow();
  const delivery = await withFrontDeskTables(service.store.db)
    .selectFrom("deliveries")
    .select("id")
    .where("installation_id", "=", id)
    .orderBy("id", "desc")
    .offset(half)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id, eventsCursor: cursorOf(event.id), eventId: event.id, deliveriesCursor: cursorOf(delivery.id) };
}

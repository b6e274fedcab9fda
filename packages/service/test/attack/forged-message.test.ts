import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { inboundEventDetailSchema, inboundEventPageSchema } from "@adapterkit/contract";
import { signStandardWebhook } from "@adapterkit/sdk";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAppTables } from "../../src/apps/app-tables.ts";
import { type CallbackReceiver, eventually, startCallbackReceiver } from "../callbacks/callback-receiver.ts";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { type RewritingProxy, startRewritingProxy } from "../helpers/rewriting-proxy.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, waitForRun } from "../helpers/test-service.ts";

/** Ids an App tries to stand in for the service's own (A22): each would name another tenant's resource. */
const FORGED = {
  installation_id: "inst_FORGEDforgedFORGEDforge",
  app: "forged-app",
  organization_id: 987_654,
  project_id: 987_653,
  workflow_id: 987_652,
  trigger_id: 987_651,
};
const MIB = 1024 * 1024;

/** What the store takes on disk (SQLite: its files) or in its tables (PostgreSQL: every relation of the schema). */
async function storeBytes(world: InboundWorld): Promise<number> {
  const { store } = world.test.service;
  if (store.dialect === "postgres") {
    const { rows } = await sql<{ bytes: string }>`
      select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'r'`.execute(
      store.db,
    );
    return Number(rows[0]?.bytes ?? 0);
  }
  const dir = world.test.location.options.dataDir;
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile())
    .reduce((total, path) => total + statSync(path).size, 0);
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `an App's answer cannot set the service's ids or fill the store (A22) ${lane.title}`,
    () => {
      let world: InboundWorld;
      let proxy: RewritingProxy;
      let receiver: CallbackReceiver;

      beforeAll(async () => {
        world = await startInboundWorld(lane, { callbacks: { pollIntervalMs: 20, timeoutMs: 1000 } });
        receiver = await startCallbackReceiver();
        proxy = await startRewritingProxy(world.adapters.webhook);
        // The webhook App now answers through the hostile proxy; its calls are signed and verified as before.
        await withAppTables(world.test.service.store.db)
          .updateTable("apps")
          .set({ base_url: proxy.url })
          .where("slug", "=", "webhook")
          .execute();
        world.test.service.context.inboundCache.forget();
      });
      afterAll(async () => {
        await world?.close();
        await proxy?.close();
        await receiver?.close();
      });

      const post = (payload: Record<string, unknown>) => {
        const body = JSON.stringify(payload);
        const headers = signStandardWebhook({ secret: world.webhook.credentials.signing_secret, body });
        return world.test.call(inboundPath(world.installations.webhook), { body, headers });
      };
      const detail = async (eventId: number) =>
        inboundEventDetailSchema.parse(
          await (
            await world.test.call(`/api/v1/installations/${world.installations.webhook.id}/events/${eventId}`, {
              token: world.tenant.token,
            })
          ).json(),
        );

      it("keeps the service's ids in the run input, the event and the callbacks when the answer adds its own", async () => {
        const workflow = await createWorkflow(world.test, world.tenant.token, { callback_url: receiver.url });
        const trigger = await createAppEventTrigger(world, workflow.id, {
          app_installation_id: world.installations.webhook.id,
          event_type: "ticket.created",
          target_stage: "echo",
        });
        proxy.rewrite = (answer) => ({ ...answer, ...FORGED, metadata: { kept: "yes" } });
        const response = await post({ type: "ticket.created", sender: "ana", message: "printer on fire" });
        expect(response.status).toBe(200);
        const { event_id, workflow_run_ids } = (await response.json()) as {
          event_id: number;
          workflow_run_ids: number[];
        };
        expect(workflow_run_ids).toHaveLength(1);
        const run = await waitForRun(world.test, world.tenant.token, workflow_run_ids[0] as number);
        expect(run).toMatchObject({ status: "completed", workflow_id: workflow.id, trigger_id: trigger.id });
        expect(run.input).toEqual({
          dedup_key: expect.stringMatching(/^msg_/),
          event_type: "ticket.created",
          sender: "ana",
          message: "printer on fire",
          is_bot: false,
          metadata: { kept: "yes" },
          installation_id: world.installations.webhook.id,
          app: "webhook",
        });
        expect((await detail(event_id)).message).not.toHaveProperty("installation_id");
        const callbacks = await eventually(
          () => receiver.requests.filter((request) => JSON.parse(request.body).data.workflow_run_id === run.id),
          (list) => list.length === 2,
        );
        for (const callback of callbacks) {
          const { data } = JSON.parse(callback.body) as { data: Record<string, unknown> };
          expect(data).toMatchObject({ workflow_id: workflow.id, trigger_id: trigger.id });
          for (const forged of Object.values(FORGED)) expect(callback.body).not.toContain(String(forged));
        }
      });

      it("records ten multi-megabyte answers as adapter_failed naming the field, and the store grows by under 1 MiB", async () => {
        const huge = (field: string): Record<string, unknown> =>
          field === "metadata" ? { metadata: { blob: "m".repeat(MIB / 2) } } : { [field]: "x".repeat(3 * MIB) };
        const fields = ["sender", "message", "thread_id", "event_type", "dedup_key", "metadata"];
        const before = await storeBytes(world);
        for (let index = 0; index < 10; index += 1) {
          const field = fields[index % fields.length] as string;
          proxy.rewrite = (answer) => ({ ...answer, ...huge(field) });
          const response = await post({ type: "ticket.created", sender: "ana", message: `big ${index}` });
          expect(response.status).toBe(503);
          const page = inboundEventPageSchema.parse(
            await (
              await world.test.call(`/api/v1/installations/${world.installations.webhook.id}/events?limit=1`, {
                token: world.tenant.token,
              })
            ).json(),
          );
          const [event] = page.items;
          expect(event).toMatchObject({ outcome: "adapter_failed", excerpt: null });
          expect(event?.detail).toContain(field);
          const kept = await detail(event?.id ?? 0);
          expect(kept.message).toBeNull();
          expect(JSON.stringify(kept).length).toBeLessThan(10_000);
        }
        proxy.rewrite = undefined;
        expect((await storeBytes(world)) - before).toBeLessThan(MIB);
      });
    },
  );
}

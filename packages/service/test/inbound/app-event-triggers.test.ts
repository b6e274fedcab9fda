import { appEventTriggerSchema } from "@adapterkit/contract";
import { signStandardWebhook } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, readProblem } from "../helpers/test-service.ts";

const STAGES = [
  { name: "first", action: "echo" },
  { name: "second", action: "echo" },
];

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`app-event triggers through the management API (A10, D17, D23) ${lane.title}`, () => {
    let world: InboundWorld;
    let workflowId: number;
    let created: ReturnType<typeof appEventTriggerSchema.parse>;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false });
      workflowId = (await createWorkflow(world.test, world.tenant.token, { stages: STAGES })).id;
    });
    afterAll(async () => world?.close());

    const call = (path: string, json?: unknown, method?: string) =>
      world.test.call(path, {
        token: world.tenant.token,
        ...(json === undefined ? {} : { json }),
        ...(method ? { method } : {}),
      });
    const create = (body: Record<string, unknown>, workflow = workflowId) =>
      call(`/api/v1/workflows/${workflow}/triggers`, {
        type: "app_event",
        name: "orders",
        app_installation_id: world.installations.webhook.id,
        event_type: "order.created",
        target_stage: "second",
        ...body,
      });
    const answer = async (type: string) => {
      const body = JSON.stringify({ type, sender: "shop", message: "order" });
      const headers = signStandardWebhook({ secret: world.webhook.credentials.signing_secret, body });
      const response = await world.test.call(inboundPath(world.installations.webhook), { body, headers });
      return (await response.json()) as { outcome: string; workflow_run_ids?: number[] };
    };
    const deliver = async (type: string) => (await answer(type)).outcome;

    it("creates one with its D17 fields and the filter as given", async () => {
      const response = await create({ event_filter: { sender: ["shop", "till"], message_contains: "ORDER" } });
      expect(response.status).toBe(201);
      created = appEventTriggerSchema.parse(await response.json());
      expect(created).toMatchObject({
        type: "app_event",
        enabled: true,
        fire_count: 0,
        app_installation_id: world.installations.webhook.id,
        event_type: "order.created",
        target_stage: "second",
        event_filter: { sender: ["shop", "till"], message_contains: "ORDER" },
      });
    });

    it("refuses an installation that is not an active one of the organization, naming the field", async () => {
      for (const id of ["inst_AAAAAAAAAAAAAAAAAAAAAA", "7"]) {
        const problem = await readProblem(await create({ app_installation_id: id }));
        expect(problem.code).toBe("invalid_request");
        expect(problem.errors?.[0]?.path).toBe("/app_installation_id");
      }
      const stranger = await world.test.service.createToken({ organization: "other", project: "p" });
      const theirs = await createWorkflow(world.test, stranger.token);
      const foreign = await world.test.call(`/api/v1/workflows/${theirs.id}/triggers`, {
        token: stranger.token,
        json: {
          type: "app_event",
          name: "x",
          app_installation_id: world.installations.webhook.id,
          event_type: "e",
          target_stage: "echo",
        },
      });
      expect((await readProblem(foreign)).errors?.[0]?.path).toBe("/app_installation_id");
    });

    it("refuses a target stage the workflow does not have, and a filter with unknown or regex-like fields", async () => {
      const stage = await readProblem(await create({ target_stage: "third" }));
      expect(stage.errors?.[0]?.path).toBe("/target_stage");
      const nul = await readProblem(await create({ event_type: "order\u0000" }));
      expect(nul.errors?.[0]?.path).toBe("/event_type");
      const filter = await readProblem(await create({ event_filter: { sender_regex: ".*" } }));
      expect(filter.code).toBe("invalid_request");
      expect(JSON.stringify(filter.errors)).toContain("event_filter");
    });

    it("fires for its event type, and not once disabled; enabling again makes it fire", async () => {
      expect(await deliver("order.created")).toBe("accepted");
      expect((await call(`/api/v1/triggers/${created.id}/disable`, undefined, "POST")).status).toBe(200);
      expect(await deliver("order.created")).toBe("unmatched");
      expect((await call(`/api/v1/triggers/${created.id}/enable`, undefined, "POST")).status).toBe(200);
      expect(await deliver("order.created")).toBe("accepted");
      const trigger = appEventTriggerSchema.parse(await (await call(`/api/v1/triggers/${created.id}`)).json());
      expect(trigger.fire_count).toBe(2);
    });

    it("changes its event type, target stage and filter, checked like a create", async () => {
      const patched = await call(
        `/api/v1/triggers/${created.id}`,
        { event_type: "order.paid", target_stage: "first", event_filter: null },
        "PATCH",
      );
      expect(appEventTriggerSchema.parse(await patched.json())).toMatchObject({
        event_type: "order.paid",
        target_stage: "first",
        event_filter: null,
      });
      expect(await deliver("order.created")).toBe("unmatched");
      expect(await deliver("order.paid")).toBe("accepted");
      const bad = await readProblem(await call(`/api/v1/triggers/${created.id}`, { target_stage: "nope" }, "PATCH"));
      expect(bad.errors?.[0]?.path).toBe("/target_stage");
      const moved = await call(`/api/v1/triggers/${created.id}`, { app_installation_id: "x" }, "PATCH");
      expect((await readProblem(moved)).code).toBe("invalid_request");
    });

    it("is refused enabled on a workflow that prompts for a task description (D23), and may be created disabled", async () => {
      const prompting = await createWorkflow(world.test, world.tenant.token, {
        stages: STAGES,
        prompt_for_task_description: true,
      });
      expect((await readProblem(await create({}, prompting.id))).code).toBe("conflict");
      const disabled = await create({ enabled: false }, prompting.id);
      expect(disabled.status).toBe(201);
      const { id } = (await disabled.json()) as { id: number };
      expect((await readProblem(await call(`/api/v1/triggers/${id}/enable`, undefined, "POST"))).code).toBe("conflict");
    });

    it("fires every trigger of the event type in trigger order, each run on its own workflow at its own stage", async () => {
      const other = (await createWorkflow(world.test, world.tenant.token, { stages: STAGES })).id;
      const created = async (body: Record<string, unknown>, workflow?: number) =>
        ((await (await create({ event_type: "order.shipped", ...body }, workflow)).json()) as { id: number }).id;
      const first = await created({ target_stage: "first" }, other);
      const second = await created({ target_stage: "second" });
      const { outcome, workflow_run_ids: runIds = [] } = await answer("order.shipped");
      expect(outcome).toBe("accepted");
      const runs = await world.test.service.store.db
        .selectFrom("workflow_runs")
        .select(["trigger_id", "workflow_id", "start_stage"])
        .where("id", "in", runIds)
        .orderBy("id")
        .execute();
      expect(runs).toEqual([
        { trigger_id: first, workflow_id: other, start_stage: "first" },
        { trigger_id: second, workflow_id: workflowId, start_stage: "second" },
      ]);
    });
  });
}

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOOKS_MARK } from "../src/triggers/hook-intake.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readJson,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "./helpers/test-service.ts";
import { loseAnswersOf, wrapStatements } from "./helpers/wrap-statements.ts";

/**
 * Counts the statements that read hooks' triggers or write firings (sessions, runs, trigger runs): the run worker
 * and the scheduler's loops send neither.
 */
function countHookStatements() {
  const texts: string[] = [];
  const wrapped = wrapStatements((text, result) => {
    if (/webhook_token_hash|insert into "?(sessions|workflow_runs|trigger_runs)\b/i.test(text)) texts.push(text);
    return result;
  });
  return { texts: () => texts, restore: wrapped.restore };
}

// Hooks that arrive together are accepted in one transaction (createHookIntake); each must still get its own D14
// answer, its own run with its own input, a trigger run, and its count. The burst goes straight to the service's
// intake in one turn of the event loop, so it is certain to be one batch (over HTTP it may arrive spread out).
for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`concurrent hooks ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;

    beforeAll(async () => {
      test = await startTestService(lane);
      acme = await createTenant(test, "acme");
    });
    afterAll(async () => test?.close());

    const fire = (token: string, body: unknown) =>
      test.service.context.hooks.fire({ token, body: new TextEncoder().encode(JSON.stringify(body)) });

    it("gives every hook of a mixed burst its own answer, run, trigger run and count", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const [busy, quiet, disabled] = [
        await createWebhookTrigger(test, acme.token, workflow.id),
        await createWebhookTrigger(test, acme.token, workflow.id),
        await createWebhookTrigger(test, acme.token, workflow.id),
      ];
      const broken = await createWorkflow(test, acme.token);
      const refusing = await createWebhookTrigger(test, acme.token, broken.id);
      await test.call(`/api/v1/workflows/${broken.id}`, { method: "PATCH", token: acme.token, json: { stages: [] } });
      await test.call(`/api/v1/triggers/${disabled.id}/disable`, { method: "POST", token: acme.token });

      const burst = [
        ...Array.from({ length: 30 }, (_, index) => ({ token: busy.hookToken, body: { n: index }, code: "started" })),
        ...Array.from({ length: 5 }, (_, index) => ({ token: quiet.hookToken, body: { q: index }, code: "started" })),
        { token: disabled.hookToken, body: {}, code: "trigger_disabled" },
        { token: refusing.hookToken, body: {}, code: "workflow_not_startable" },
        { token: "A".repeat(43), body: {}, code: "not_found" },
      ];
      const results = await Promise.allSettled(burst.map((hook) => fire(hook.token, hook.body)));
      expect(results.map((result) => (result.status === "fulfilled" ? "started" : result.reason.code))).toEqual(
        burst.map((hook) => hook.code),
      );

      const started = await Promise.all(
        results.flatMap((result, index) => {
          if (result.status !== "fulfilled") return [];
          const id = result.value.workflowRunId;
          return [waitForRun(test, acme.token, id).then((run) => ({ id, run, hook: burst[index] }))];
        }),
      );
      expect(new Set(started.map(({ id }) => id)).size).toBe(35);
      for (const { run, hook } of started) {
        expect(run).toMatchObject({ status: "completed", source: "webhook", input: hook?.body });
      }

      const trigger = async (id: number) =>
        readJson<{ fire_count: number }>(await test.call(`/api/v1/triggers/${id}`, { token: acme.token }));
      expect((await trigger(busy.id)).fire_count).toBe(30);
      expect((await trigger(quiet.id)).fire_count).toBe(5);
      expect((await trigger(refusing.id)).fire_count).toBe(1);
      const busyRuns = await readJson(
        await test.call(`/api/v1/triggers/${busy.id}/runs?limit=100`, { token: acme.token }),
      );
      expect(busyRuns.items).toHaveLength(30);
      expect(new Set(busyRuns.items.map((item) => item.workflow_run_id)).size).toBe(30);
      const refused = await readJson(await test.call(`/api/v1/triggers/${refusing.id}/runs`, { token: acme.token }));
      expect(refused.items).toEqual([expect.objectContaining({ status: "failed", workflow_run_id: null })]);
    });

    it.skipIf(lane.name !== "postgres")(
      "accepts a batch of hooks, and a lone one, with a read and one statement each on PostgreSQL (D639; SQLite: a transaction)",
      async () => {
        const workflow = await createWorkflow(test, acme.token);
        const [hook, other] = [
          await createWebhookTrigger(test, acme.token, workflow.id),
          await createWebhookTrigger(test, acme.token, workflow.id),
        ];
        const counting = countHookStatements();
        const sent = [1, 2, 3, 4].map((n) => ({ token: hook.hookToken, body: { n } }));
        sent.push({ token: other.hookToken, body: { n: 5 } }, { token: "A".repeat(43), body: { n: 0 } });
        let results: PromiseSettledResult<{ workflowRunId: number }>[];
        let lone: { workflowRunId: number };
        try {
          results = await Promise.allSettled(sent.map((item) => fire(item.token, item.body)));
          expect(counting.texts()).toHaveLength(2);
          expect(counting.texts()[1]?.startsWith(HOOKS_MARK)).toBe(true);
          lone = await fire(hook.hookToken, { n: 6 });
          expect(counting.texts()).toHaveLength(4);
        } finally {
          counting.restore();
        }
        expect(results.map((result) => (result.status === "fulfilled" ? "started" : result.reason.code))).toEqual([
          ...Array.from({ length: 5 }, () => "started"),
          "not_found",
        ]);
        const started = [
          ...results.flatMap((result) => (result.status === "fulfilled" ? [result.value.workflowRunId] : [])),
          lone.workflowRunId,
        ];
        expect(new Set(started).size).toBe(6);
        for (const [index, id] of started.entries()) {
          const run = await waitForRun(test, acme.token, id);
          expect(run).toMatchObject({ status: "completed", source: "webhook", input: { n: index + 1 } });
        }
        const trigger = async (id: number) =>
          readJson<{ fire_count: number }>(await test.call(`/api/v1/triggers/${id}`, { token: acme.token }));
        expect((await trigger(hook.id)).fire_count).toBe(5);
        expect((await trigger(other.id)).fire_count).toBe(1);
        const runs = await readJson(
          await test.call(`/api/v1/triggers/${hook.id}/runs?limit=100`, { token: acme.token }),
        );
        expect(runs.items.map((item) => item.workflow_run_id).sort()).toEqual(
          [started[0], started[1], started[2], started[3], started[5]].sort(),
        );
        expect(runs.items.every((item) => item.status === "succeeded")).toBe(true);
      },
    );

    it.skipIf(lane.name !== "postgres")(
      "answers an error and starts nothing again when the hooks' statement committed but its answer was lost (D639; PostgreSQL only)",
      async () => {
        const workflow = await createWorkflow(test, acme.token);
        const hook = await createWebhookTrigger(test, acme.token, workflow.id);
        const lose = loseAnswersOf(HOOKS_MARK);
        try {
          const results = await Promise.allSettled([fire(hook.hookToken, { l: 1 }), fire(hook.hookToken, { l: 2 })]);
          expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
        } finally {
          lose.restore();
        }
        // Committed once: accepting the hooks again would have started two runs more.
        const trigger = await readJson<{ fire_count: number }>(
          await test.call(`/api/v1/triggers/${hook.id}`, { token: acme.token }),
        );
        expect(trigger.fire_count).toBe(2);
      },
    );

    it("loses no hook of a batch that failed: the hook that broke it fails alone, the rest are accepted alone", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const hook = await createWebhookTrigger(test, acme.token, workflow.id);
      // A database rule that refuses one input breaks the whole batch's transaction, as a real fault would.
      await poisonRunInserts(test, lane.name, true);
      try {
        const bodies = [{ n: 1 }, { n: 2 }, { poison: true }, { n: 3 }];
        const results = await Promise.allSettled(bodies.map((body) => fire(hook.hookToken, body)));
        expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
        const accepted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
        for (const [index, { workflowRunId }] of accepted.entries()) {
          const run = await waitForRun(test, acme.token, workflowRunId);
          expect(run).toMatchObject({ status: "completed", input: { n: index + 1 } });
        }
        const trigger = await readJson<{ fire_count: number }>(
          await test.call(`/api/v1/triggers/${hook.id}`, { token: acme.token }),
        );
        expect(trigger.fire_count).toBe(3);
      } finally {
        await poisonRunInserts(test, lane.name, false);
      }
    });
  });
}

/** Installs (or removes) a database trigger that refuses any run whose input mentions "poison". */
async function poisonRunInserts(test: TestService, dialect: "sqlite" | "postgres", on: boolean): Promise<void> {
  const { db } = test.service.store;
  if (dialect === "sqlite") {
    await sql`drop trigger if exists poison_runs`.execute(db);
    if (on) {
      await sql`create trigger poison_runs before insert on workflow_runs when new.input like '%poison%'
        begin select raise(abort, 'poisoned input'); end`.execute(db);
    }
    return;
  }
  await sql`drop trigger if exists poison_runs on workflow_runs`.execute(db);
  if (on) {
    await sql`create or replace function poison_runs() returns trigger language plpgsql as $$
      begin
        if new.input like '%poison%' then raise exception 'poisoned input'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger poison_runs before insert on workflow_runs
      for each row execute function poison_runs()`.execute(db);
  }
}

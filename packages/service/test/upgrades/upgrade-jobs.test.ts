import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import { appSigningSecretSchema, installationSchema, upgradeJobSchema } from "@adapterkit/contract";
import { type Adapter, type AdapterServer, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  readProblem,
  reopenTestService,
  startTestService,
  type Tenant,
  type TestService,
} from "../helpers/test-service.ts";
import { waitForUpgrade } from "../helpers/upgrade-job.ts";

const ADMIN = "admin-token-for-upgrade-job-tests-0123456789";
const PLATFORM_SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const INSTALLATIONS = 5;

/** The webhook adapter at a version that changes nothing but its number. */
const webhookAt = (version: number): Adapter =>
  ({ ...webhookAdapter, manifest: { ...webhookManifest, version: `0.${version}.0` } }) as Adapter;

/**
 * A real HTTP proxy in front of the adapter that counts the service's /verify calls and can hold one (the `holdAt`-th
 * since `arm`) until released: the place a test stops an upgrade mid-way.
 */
async function startVerifyGate(target: () => string) {
  let calls = 0;
  let holdAt = 0;
  let reached: () => void = () => {};
  let release: () => void = () => {};
  let reachedPromise = Promise.resolve();
  let gate = Promise.resolve();
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url?.endsWith("/verify")) {
      calls += 1;
      if (calls === holdAt) {
        reached();
        await gate;
      }
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)),
    ) as Record<string, string>;
    const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
    const answer = await fetch(`${target()}${request.url}`, {
      method: request.method ?? "GET",
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get calls() {
      return calls;
    },
    /** Counts from zero again and holds the `n`-th /verify call from now; resolves once it is held. */
    arm(n: number): Promise<void> {
      calls = 0;
      holdAt = n;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      reachedPromise = new Promise((resolve) => {
        reached = resolve;
      });
      return reachedPromise;
    },
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `Upgrade jobs: resumed after a restart, cancelled, their own (D580–D584) ${lane.title}`,
    () => {
      let test: TestService;
      let adapter: AdapterServer;
      let gate: Awaited<ReturnType<typeof startVerifyGate>>;
      let author: Tenant;
      let authorOtherProject: Tenant;
      let installer: Tenant;
      let secret: string;
      const ids: string[] = [];
      const options = {
        adminToken: ADMIN,
        allowedHosts: ["127.0.0.1"],
        healthPolling: false as const,
        upgrades: { pollMs: 50, batchSize: 2 },
      };

      const start = (version: number, signingSecret?: string) =>
        serve(webhookAt(version), {
          port: 0,
          host: "127.0.0.1",
          handleSignals: false,
          logger: pino({ level: "silent" }),
          version: "test",
          signingSecret,
        });
      const api = (path: string, token: string, json?: unknown, method?: string) =>
        test.call(path, { token, ...(json === undefined ? {} : { json }), ...(method ? { method } : {}) });
      const release = async (version: number) => {
        await adapter.close();
        adapter = await start(version, secret);
        expect((await api("/api/v1/apps/webhook/refresh", author.token, undefined, "POST")).status).toBe(200);
        expect((await api("/api/v1/apps/webhook/submit", author.token, undefined, "POST")).status).toBe(202);
        const reviewed = await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } });
        expect(reviewed.status).toBe(200);
      };
      const versions = async () =>
        Promise.all(
          ids.map(async (id) => {
            const shown = installationSchema.parse(
              await (await api(`/api/v1/installations/${id}`, installer.token)).json(),
            );
            return [shown.app_version, shown.previous_version];
          }),
        );
      const startUpgrade = async () => {
        const started = await api("/api/v1/apps/webhook/installations/upgrade", author.token, {});
        expect(started.status, await started.clone().text()).toBe(202);
        return upgradeJobSchema.parse(await started.json());
      };

      beforeAll(async () => {
        adapter = await start(1);
        gate = await startVerifyGate(() => adapter.url.replace("localhost", "127.0.0.1").replace(/\/webhook$/, ""));
        test = await startTestService(lane, options);
        author = await createTenant(test, "author");
        authorOtherProject = await createTenant(test, "author", "other");
        installer = await createTenant(test, "installer");
        const registered = await api("/api/v1/apps", author.token, { base_url: `${gate.url}/webhook` });
        expect(registered.status, await registered.clone().text()).toBe(201);
        secret = appSigningSecretSchema.parse(
          await (await api("/api/v1/apps/webhook/signing-secret", author.token)).json(),
        ).secret;
        await adapter.close();
        adapter = await start(1, secret);
        expect((await api("/api/v1/apps/webhook/submit", author.token, undefined, "POST")).status).toBe(202);
        expect(
          (await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } })).status,
        ).toBe(200);
        for (let n = 0; n < INSTALLATIONS; n += 1) {
          const body = { app: "webhook", credentials: { webhook_signing_secret: PLATFORM_SECRET } };
          const installed = await api("/api/v1/installations", installer.token, body);
          expect(installed.status, await installed.clone().text()).toBe(201);
          ids.push(installationSchema.parse(await installed.json()).id);
        }
        await release(2);
      });
      afterAll(async () => {
        await test?.close();
        await adapter?.close();
        await gate?.close();
      });

      it("resumes a job a restart cut off after the last installation it recorded, handling each once", async () => {
        const held = gate.arm(3);
        const job = await startUpgrade();
        expect(job).toMatchObject({ state: "queued", progress: { done: 0, total: INSTALLATIONS }, to_version: 2 });
        await held;
        // The instance stops while the third /verify is in flight: it finishes that installation, records it, stops.
        const closing = test.service.close();
        gate.release();
        await closing;
        const location = `/api/v1/apps/webhook/upgrades/${job.id}`;
        // A new instance without a worker sees where the job stopped.
        test = await reopenTestService(test.location, { ...options, upgrades: false });
        const stopped = upgradeJobSchema.parse(await (await api(location, author.token)).json());
        expect(stopped).toMatchObject({ state: "running", progress: { done: 3, total: INSTALLATIONS } });
        expect(stopped.results?.map((result) => result.outcome)).toEqual(["moved", "moved", "moved", null, null]);
        await test.service.close();
        // And one with a worker finishes it from there.
        test = await reopenTestService(test.location, options);
        const done = await waitForUpgrade(test, author.token, location);
        expect(done).toMatchObject({ state: "done", progress: { done: 5, total: 5 }, counts: { moved: 5, kept: 0 } });
        expect(done.results?.map((result) => result.installation_id)).toEqual(ids);
        // Five /verify calls in all: none of the installations was verified (or moved) twice.
        expect(gate.calls).toBe(INSTALLATIONS);
        expect(await versions()).toEqual(ids.map(() => [2, 1]));
      });

      it("cancels a running job after the installation in hand; the rest stay where they are, recorded kept", async () => {
        expect(
          (await api("/api/v1/apps/webhook/installations/move-back", author.token, undefined, "POST")).status,
        ).toBe(200);
        expect(await versions()).toEqual(ids.map(() => [1, null]));
        const held = gate.arm(2);
        const job = await startUpgrade();
        await held;
        const second = await api("/api/v1/apps/webhook/installations/upgrade", author.token, {});
        expect(second.status).toBe(409);
        expect((await readProblem(second)).detail).toContain(`Upgrade ${job.id} of App webhook is running`);
        const cancel = await api(`/api/v1/apps/webhook/upgrades/${job.id}/cancel`, author.token, undefined, "POST");
        expect(cancel.status).toBe(202);
        expect(upgradeJobSchema.parse(await cancel.json())).toMatchObject({ state: "running", cancel_requested: true });
        gate.release();
        const ended = await waitForUpgrade(test, author.token, `/api/v1/apps/webhook/upgrades/${job.id}`);
        expect(ended).toMatchObject({
          state: "cancelled",
          progress: { done: 5, total: 5 },
          counts: { moved: 2, kept: 3 },
        });
        expect(ended.results?.map((result) => result.outcome)).toEqual(["moved", "moved", "kept", "kept", "kept"]);
        expect(ended.results?.[4]?.reason).toContain("cancelled before its turn");
        expect(gate.calls).toBe(2);
        expect(await versions()).toEqual([
          [2, 1],
          [2, 1],
          [1, null],
          [1, null],
          [1, null],
        ]);
        const again = await api(`/api/v1/apps/webhook/upgrades/${job.id}/cancel`, author.token, undefined, "POST");
        expect(again.status).toBe(409);
        // The list has both jobs, newest first, without their results.
        const list = (await (await api("/api/v1/apps/webhook/upgrades", author.token)).json()) as {
          items: Record<string, unknown>[];
        };
        expect(list.items.map((item) => [item.id, item.state, "results" in item])).toEqual([
          [job.id, "cancelled", false],
          [job.id - 1, "done", false],
        ]);
      });

      it("answers 404 to another organization and 403 to another project of the author's, naming the field", async () => {
        const paths = ["/api/v1/apps/webhook/upgrades", "/api/v1/apps/webhook/upgrades/1"];
        for (const path of paths) expect((await api(path, installer.token)).status).toBe(404);
        const cancel = await api("/api/v1/apps/webhook/upgrades/1/cancel", installer.token, undefined, "POST");
        expect(cancel.status).toBe(404);
        expect((await api("/api/v1/apps/webhook/upgrades/99999", author.token)).status).toBe(404);
        expect((await api("/api/v1/apps/webhook/upgrades/abc", author.token)).status).toBe(404);
        for (const path of paths) {
          const refused = await api(path, authorOtherProject.token);
          expect(refused.status).toBe(403);
          expect((await readProblem(refused)).detail).toContain("managed by the project that registered it");
        }
      });

      it("shows the jobs on the App page, links only the viewer's own installations, and refuses a forged cancel", async () => {
        const client = new PortalBrowser(test.url);
        await client.signIn(author.token);
        const page = await client.get("/developer/apps/webhook?upgrade=2");
        expect(page.status).toBe(200);
        expect(page.html).toContain("Upgrade 2: its progress and results are under Upgrades, below.");
        expect(page.html).toContain("to version 2: cancelled</h4>");
        expect(page.html).toContain("5 of 5 handled: 2 moved, 0 marked action needed, 3 kept where they were.");
        // The installations are another organization's: named, not linked.
        expect(page.html).toContain(`<td>${ids[0]}</td>`);
        expect(page.html).not.toContain(`href="/marketplace/installations/${ids[0]}"`);
        const held = gate.arm(1);
        const job = await startUpgrade();
        await held;
        const running = await client.get("/developer/apps/webhook");
        expect(running.html).toContain(`action="/developer/apps/webhook/upgrades/${job.id}/cancel"`);
        const forged = await client.post(`/developer/apps/webhook/upgrades/${job.id}/cancel`, {}, null);
        expect(forged.status).toBe(403);
        const cancelled = await client.post(`/developer/apps/webhook/upgrades/${job.id}/cancel`);
        expect(cancelled.status).toBe(303);
        expect(cancelled.location).toBe(`/developer/apps/webhook?upgrade=${job.id}#upgrade-jobs-heading`);
        gate.release();
        expect(await waitForUpgrade(test, author.token, `/api/v1/apps/webhook/upgrades/${job.id}`)).toMatchObject({
          state: "cancelled",
          counts: { moved: 1, kept: 2 },
        });
        // Another project of the author's organization is refused the App's page (D584).
        const sibling = new PortalBrowser(test.url);
        await sibling.signIn(authorOtherProject.token);
        expect((await sibling.get("/developer/apps/webhook")).status).toBe(403);
      });

      it("ends a queued job at once on cancel, and a move back withdraws the job it finds", async () => {
        // An instance without a worker: its jobs stay queued.
        await test.service.close();
        test = await reopenTestService(test.location, { ...options, upgrades: false });
        gate.arm(0);
        const queued = await startUpgrade();
        expect(queued).toMatchObject({ state: "queued", progress: { done: 0, total: 2 } });
        const cancel = await api(`/api/v1/apps/webhook/upgrades/${queued.id}/cancel`, author.token, undefined, "POST");
        expect(cancel.status).toBe(202);
        const cancelled = upgradeJobSchema.parse(await cancel.json());
        expect(cancelled).toMatchObject({ state: "cancelled", progress: { done: 2, total: 2 }, counts: { kept: 2 } });
        expect(cancelled.results?.every((result) => result.reason?.includes("cancelled before its turn"))).toBe(true);
        const next = await startUpgrade();
        const back = await api("/api/v1/apps/webhook/installations/move-back", author.token, undefined, "POST");
        expect(back.status).toBe(200);
        const withdrawn = upgradeJobSchema.parse(
          await (await api(`/api/v1/apps/webhook/upgrades/${next.id}`, author.token)).json(),
        );
        expect(withdrawn).toMatchObject({ state: "cancelled", counts: { moved: 0, kept: 2 } });
        // No installation was verified for either job, and every one is back on version 1.
        expect(gate.calls).toBe(0);
        expect(await versions()).toEqual(ids.map(() => [1, null]));
      });

      it("queues one job when several starts race, and answers the others 409 naming it", async () => {
        const starts = await Promise.all(
          [1, 2, 3, 4].map(() => api("/api/v1/apps/webhook/installations/upgrade", author.token, {})),
        );
        const statuses = starts.map((answer) => answer.status).sort();
        expect(statuses).toEqual([202, 409, 409, 409]);
        const winner = upgradeJobSchema.parse(await starts.find((answer) => answer.status === 202)?.json());
        for (const loser of starts.filter((answer) => answer.status === 409)) {
          expect((await readProblem(loser)).detail).toMatch(
            new RegExp(`Upgrade ${winner.id} of App webhook is (queued|running)`),
          );
        }
        const cancel = await api(`/api/v1/apps/webhook/upgrades/${winner.id}/cancel`, author.token, undefined, "POST");
        expect(cancel.status).toBe(202);
      });
    },
  );
}

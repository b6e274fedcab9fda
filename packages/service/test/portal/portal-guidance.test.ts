import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import type { ConformanceReport } from "@adapterkit/conformance";
import { reviewSchema } from "@adapterkit/contract";
import type { Adapter } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withInboundTables } from "../../src/inbound/inbound-tables.ts";
import { finishReview } from "../../src/reviews/finish-review.ts";
import { withReviewTables } from "../../src/reviews/review-tables.ts";
import { PLANTED_REPORT, plantReview } from "../helpers/plant-review.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
} from "../helpers/test-service.ts";
import { startWebhookAuthorAdapter, type WebhookAuthorAdapter } from "./browser/webhook-author-adapter.ts";
import { HOSTILE } from "./hostile-adapter.ts";

const ADMIN = "admin-token-for-portal-guidance-0123456789";
const FIXTURES_TEXT = readFileSync(
  new URL("../../../../adapters/webhook/conformance.fixtures.json", import.meta.url),
  "utf8",
);
const GOOD_SECRET = "whsec_Y29uZm9ybWFuY2Utd2ViaG9vay1nb29kLWtleQ==";
/** Version 2 of the webhook App: one required credential more, labelled with markup that must stay text. */
const WITH_WORKSPACE: Adapter = {
  ...webhookAdapter,
  manifest: {
    ...webhookManifest,
    version: "0.2.0",
    credentials: [
      ...(webhookManifest.credentials ?? []),
      { key: "workspace_id", type: "text", label: `Workspace ${HOSTILE}`, maps_to: "workspace_id" },
    ],
  },
} as Adapter;

/** The parts of the webhook fixtures file the tests change. */
interface EditableFixtures {
  credentials: { good: Record<string, string> };
  inbound: { signing: { secret: string }; samples: unknown[] };
}

/** The webhook fixtures with changes: `edit` gets the parsed file. */
function fixturesWith(edit: (fixtures: EditableFixtures) => void): string {
  const fixtures = JSON.parse(FIXTURES_TEXT) as EditableFixtures;
  edit(fixtures);
  return JSON.stringify(fixtures);
}

/** A report whose six security probes got 200 where 401 was expected: an adapter serving without its secret. */
const UNSIGNED_REPORT = {
  ...PLANTED_REPORT,
  checks: [
    PLANTED_REPORT.checks[0],
    ...["unsigned-rejected", "wrong-signature-rejected", "covers-signed-parts", "timestamp-both-sides"].map((name) => ({
      id: `security.${name}`,
      group: "security",
      level: "required",
      rationale: "D9.",
      status: "failed",
      duration_ms: 1,
      failures: [
        { endpoint: "POST /verify", message: "not refused", expected: "401 unauthorized (D9)", actual: "200 {}" },
      ],
    })),
  ],
  summary: { total: 5, passed: 1, failed: 4, not_applicable: 0, skipped: 0, required_failed: 4 },
};

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`portal: guidance that tells the truth ${lane.title}`, () => {
    let test: TestService;
    let adapter: WebhookAuthorAdapter;
    let unsigned: WebhookAuthorAdapter;
    let author: Tenant;
    let stranger: Tenant;
    let installation: string;
    let secret: string;

    const signedIn = async (tenant: Tenant) => {
      const client = new PortalBrowser(test.url);
      await client.signIn(tenant.token);
      return client;
    };
    const putFixtures = async (text: string) => {
      const response = await test.call("/api/v1/apps/webhook/fixtures", {
        token: author.token,
        method: "PUT",
        body: text,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const checklistStep = (html: string, label: string) =>
      new RegExp(`<li( class="done")?><a href="#[a-z-]+">${label}</a>: <strong>(done|to do)</strong>([^<]*)`).exec(
        html,
      );

    beforeAll(async () => {
      adapter = await startWebhookAuthorAdapter();
      unsigned = await startWebhookAuthorAdapter();
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false });
      author = await createTenant(test, "acme");
      stranger = await createTenant(test, "globex");
      const registered = await test.call("/api/v1/apps", { token: author.token, json: { base_url: adapter.url } });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const shown = await test.call("/api/v1/apps/webhook/signing-secret", { token: author.token });
      secret = ((await shown.json()) as { secret: string }).secret;
      adapter.useSigningSecret(secret);
      await putFixtures(FIXTURES_TEXT);
      const submitted = await test.call("/api/v1/apps/webhook/submit", { token: author.token, method: "POST" });
      expect(submitted.status).toBe(202);
      const published = await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } });
      expect(published.status).toBe(200);
      const installed = await test.call("/api/v1/installations", {
        token: author.token,
        json: { app: "webhook", credentials: { webhook_signing_secret: GOOD_SECRET } },
      });
      expect(installed.status, await installed.clone().text()).toBe(201);
      installation = ((await installed.json()) as { id: string }).id;
    });
    afterAll(async () => {
      await test?.close();
      await Promise.all([adapter?.close(), unsigned?.close()]);
    });

    it("ticks the signing secret step only once a signed call was seen checked, and unticks it for an unsigned adapter", async () => {
      const client = await signedIn(author);
      await client.post("/developer/apps/webhook/signing-secret/show");
      const shown = await client.get("/developer/apps/webhook");
      expect(checklistStep(shown.html, "Set the signing secret on the adapter")?.[2]).toBe("to do");
      expect(shown.html).toContain("Not seen checked yet");
      expect((await client.post("/developer/apps/webhook/signing-secret/check", {}, null)).status).toBe(403);
      expect((await (await signedIn(stranger)).post("/developer/apps/webhook/signing-secret/check")).status).toBe(404);
      const checked = await client.post("/developer/apps/webhook/signing-secret/check");
      expect(checked.status).toBe(200);
      expect(checked.html).toContain('<span class="badge state-checks-signatures">checks signatures</span>');
      expect(checked.html).toContain("an unsigned call was answered 401");
      expect(checklistStep(checked.html, "Set the signing secret on the adapter")?.[1]).toBe(' class="done"');
      expect(checked.html).toMatch(/Seen checked: .*\(signing check, <time datetime="[^"]+" title="[^"]+ UTC">/);
      // The same adapter served without its secret: the check says so in the words the author needs, and the step
      // is to do again.
      const moved = await client.post("/developer/apps/webhook/edit", { base_url: unsigned.url });
      expect(moved.status, moved.html.slice(0, 300)).toBe(200);
      const refused = await client.post("/developer/apps/webhook/signing-secret/check");
      expect(refused.html).toContain('<span class="badge state-accepts-unsigned-calls">accepts unsigned calls</span>');
      expect(refused.html).toContain("set ADAPTER_SIGNING_SECRET to the App&#x27;s signing secret");
      expect(checklistStep(refused.html, "Set the signing secret on the adapter")?.[2]).toBe("to do");
      // Served with another secret (an older one after a rotation): both calls are refused, and the page says why.
      unsigned.useSigningSecret(`whsec_${randomBytes(24).toString("base64")}`);
      const other = await client.post("/developer/apps/webhook/signing-secret/check");
      expect(other.html).toContain(
        '<span class="badge state-refuses-the-app-s-secret">refuses the App&#x27;s secret</span>',
      );
      expect(other.html).toContain("its ADAPTER_SIGNING_SECRET is another secret");
      expect((await client.post("/developer/apps/webhook/edit", { base_url: adapter.url })).status).toBe(200);
      expect((await client.post("/developer/apps/webhook/signing-secret/check")).html).toContain("checks signatures");
    });

    it("takes a review's signature probes as evidence too: withdrawn by a 200, given by a pass", async () => {
      const client = await signedIn(author);
      const finish = async (report: typeof UNSIGNED_REPORT) => {
        const id = await plantReview(test.service, "webhook", report);
        const row = await withReviewTables(test.service.store.db)
          .updateTable("reviews")
          .set({ state: "running", lease_owner: "test", report: null })
          .where("id", "=", id)
          .returning(["id", "app_id", "app_version"])
          .executeTakeFirstOrThrow();
        const outcome = { kind: "report" as const, report: report as unknown as ConformanceReport };
        expect(await finishReview(test.service.store.db, row, "test", outcome, new Date())).toBe(true);
        return id;
      };
      await finish(UNSIGNED_REPORT);
      const withdrawn = await client.get("/developer/apps/webhook");
      expect(checklistStep(withdrawn.html, "Set the signing secret on the adapter")?.[2]).toBe("to do");
      const passing = {
        ...UNSIGNED_REPORT,
        checks: UNSIGNED_REPORT.checks.map((check) =>
          check?.id === "security.unsigned-rejected" ? { ...check, status: "passed", failures: [] } : check,
        ),
      };
      const id = await finish(passing);
      const given = await client.get("/developer/apps/webhook");
      expect(checklistStep(given.html, "Set the signing secret on the adapter")?.[1]).toBe(' class="done"');
      expect(given.html).toContain(
        `Seen checked: the adapter refused an unsigned call and took one signed with this secret (review ${id},`,
      );
    });

    it("refuses a test event and a handshake check with a 409 naming the fixtures' empty signing secret, not a 500", async () => {
      await putFixtures(
        fixturesWith((fixtures) => {
          fixtures.credentials.good.other_secret = "only-in-the-fixtures";
          fixtures.inbound.signing.secret = "{{credentials.good.other_secret}}";
          fixtures.inbound.samples.push({
            name: "handshake",
            request: { method: "POST", path: "/", body: { challenge: "c" } },
            expect: { kind: "handshake" },
          });
        }),
      );
      try {
        const client = await signedIn(author);
        const path = `/marketplace/installations/${installation}`;
        await client.get(path);
        const sent = await client.post(`${path}/test-event`);
        expect(sent.status).toBe(409);
        expect(sent.html).toContain("The test event was refused: The App&#x27;s fixtures sign with an empty secret");
        expect(sent.html).toContain("inbound.signing.secret");
        const checked = await client.post(`${path}/handshake-check`);
        expect(checked.status).toBe(409);
        expect(checked.html).toContain("sign with an empty secret");
        expect((await client.post(`${path}/test-event`, {}, null)).status).toBe(403);
        expect((await (await signedIn(stranger)).post(`${path}/handshake-check`)).status).toBe(404);
      } finally {
        await putFixtures(FIXTURES_TEXT);
      }
    });

    it("offers the App's event types and the workflows' stages in the trigger form, and takes a type typed in", async () => {
      await createWorkflow(test, author.token, {
        name: "Tickets",
        stages: [{ name: `triage${HOSTILE}`, action: "echo" }],
      });
      await withInboundTables(test.service.store.db)
        .insertInto("inbound_events")
        .values({
          installation_id: installation,
          received_at: new Date().toISOString(),
          outcome: "unmatched",
          event_type: `seen${HOSTILE}`,
          sender: "s",
          dedup_key: null,
          thread_id: null,
          workflow_run_ids: null,
          detail: null,
        })
        .execute();
      const client = await signedIn(author);
      const path = `/marketplace/installations/${installation}`;
      const form = await client.get(path);
      expect(form.html).toContain('list="trigger_event_types"');
      expect(form.html).toContain(
        '<datalist id="trigger_event_types"><option value="ticket.created"></option><option value="webhook.received"></option><option value="seen&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;"></option></datalist>',
      );
      expect(form.html).toContain('<option value="triage&lt;script&gt;');
      expect(form.html).not.toContain("<script>alert(1)</script>");
      // D594: the installation's times are relative, with the exact one and its zone beside them.
      expect(form.html).toMatch(
        /<dt>Installed<\/dt><dd><time datetime="[^"]+Z" title="[^"]+ UTC">(just now|\d+ s ago)/,
      );
      const workflow = await createWorkflow(test, author.token, { name: "Free" });
      const fields = {
        workflow_id: String(workflow.id),
        name: "Any",
        event_type: "custom.typed",
        target_stage: "echo",
      };
      expect((await client.post(`${path}/triggers`, fields, null)).status).toBe(403);
      const created = await client.post(`${path}/triggers`, fields);
      expect(created.status).toBe(303);
      expect((await client.get(created.location ?? "")).html).toContain("<td>custom.typed</td>");
    });

    it("opens a failed review's summary with its plain cause, and counts the checks of a running one", async () => {
      const client = await signedIn(author);
      const reviewId = await plantReview(test.service, "webhook", UNSIGNED_REPORT);
      const page = await client.get(`/developer/apps/webhook/reviews/${reviewId}`);
      expect(page.status).toBe(200);
      const summary = page.html.slice(page.html.indexOf("<h2>Summary</h2>"));
      expect(summary).toMatch(
        /^<h2>Summary<\/h2>\s*<div class="problems" role="note" aria-labelledby="causes-heading">\s*<h3 id="causes-heading">What made the checks fail<\/h3>\s*<ul class="causes"><li><strong>Your adapter accepts unsigned calls: set ADAPTER_SIGNING_SECRET to the App&#x27;s signing secret/,
      );
      expect(summary).toContain('<a href="#check-security.unsigned-rejected">security.unsigned-rejected</a>');
      expect((await (await signedIn(stranger)).get(`/developer/apps/webhook/reviews/${reviewId}`)).status).toBe(404);
      // The API's review says the same cause, with the checks it explains; a list leaves causes out (null).
      const api = await test.call(`/api/v1/apps/webhook/reviews/${reviewId}`, { token: author.token });
      const json = reviewSchema.parse(await api.json());
      expect(json.causes?.[0]?.cause).toMatch(/^Your adapter accepts unsigned calls: set ADAPTER_SIGNING_SECRET/);
      expect(json.causes?.[0]?.checks).toContain("security.unsigned-rejected");
      const list = await test.call("/api/v1/apps/webhook/reviews", { token: author.token });
      expect(((await list.json()) as { items: { causes: unknown }[] }).items[0]?.causes).toBeNull();
      const reviews = withReviewTables(test.service.store.db);
      await reviews
        .updateTable("reviews")
        .set({ state: "queued", checks_done: 0, checks_total: 0, report: null, finished_at: null })
        .where("id", "=", reviewId)
        .execute();
      const queued = await client.get(`/developer/apps/webhook/reviews/${reviewId}`);
      expect(queued.html).toContain("Checks done: none yet, waiting for the runner to start");
      expect(queued.html).not.toContain("of 1<");
      await reviews
        .updateTable("reviews")
        .set({ state: "running", checks_done: 37, checks_total: 89 })
        .where("id", "=", reviewId)
        .execute();
      const running = await client.get(`/developer/apps/webhook/reviews/${reviewId}`);
      expect(running.html).toContain('<label for="review-progress">Checks done 37 of 89</label>');
      expect(running.html).toContain('<progress id="review-progress" max="89" value="37">');
      await reviews.updateTable("reviews").set({ state: "failed" }).where("id", "=", reviewId).execute();
    });

    it("names an added required credential by key, and refuses its review until the fixtures carry it", async () => {
      adapter.useAdapter(WITH_WORKSPACE);
      const client = await signedIn(author);
      await client.get("/developer/apps/webhook");
      const refreshed = await client.post("/developer/apps/webhook/refresh");
      expect(refreshed.status).toBe(200);
      expect(refreshed.html).toContain("Refreshed: version 2.");
      const diff = refreshed.html.slice(refreshed.html.indexOf("<caption>What changed in the manifest</caption>"));
      expect(diff).toContain("<td>added required credential workspace_id</td>");
      expect(diff).not.toMatch(/\/credentials\/\d/);
      expect(diff).toContain("Workspace &lt;script&gt;");
      expect(refreshed.html).not.toContain("<script>alert(1)</script>");
      expect(checklistStep(refreshed.html, "Upload the conformance fixtures")?.[3]).toBe(
        " (the fixtures lack required credential workspace_id (field workspace_id))",
      );
      const submitted = await test.call("/api/v1/apps/webhook/submit", { token: author.token, method: "POST" });
      expect(submitted.status).toBe(409);
      expect(submitted.headers.get("content-type")).toContain("application/problem+json");
      const problem = await readProblem(submitted);
      expect(problem.detail).toContain("The fixtures lack the required credential workspace_id (field workspace_id)");
      expect(problem.errors?.[0]?.path).toBe("/credentials/good/workspace_id");
      expect((await client.post("/developer/apps/webhook/reviews", {}, null)).status).toBe(403);
      const portal = await client.post("/developer/apps/webhook/reviews");
      expect(portal.status).toBe(409);
      expect(portal.html).toContain("The fixtures lack the required credential workspace_id (field workspace_id)");
      // A review of version 2 that ran anyway (through an older service, or before the fixtures were stored) opens
      // its summary with the same cause.
      const planted = await plantReview(test.service, "webhook");
      const review = await client.get(`/developer/apps/webhook/reviews/${planted}`);
      expect(review.html).toContain(
        "<strong>The fixtures lack required credential workspace_id (field workspace_id): add credentials.good.workspace_id",
      );
      const plantedJson = await test.call(`/api/v1/apps/webhook/reviews/${planted}`, { token: author.token });
      expect(reviewSchema.parse(await plantedJson.json()).causes?.[0]?.cause).toMatch(
        /^The fixtures lack required credential workspace_id \(field workspace_id\)/,
      );
      const state = await test.call("/api/v1/apps/webhook", { token: author.token });
      expect(((await state.json()) as { state: string }).state).toBe("published");
      await putFixtures(
        fixturesWith((fixtures) => {
          fixtures.credentials.good.workspace_id = "W-1";
        }),
      );
      const accepted = await test.call("/api/v1/apps/webhook/submit", { token: author.token, method: "POST" });
      expect(accepted.status, await accepted.clone().text()).toBe(202);
    });
  });
}

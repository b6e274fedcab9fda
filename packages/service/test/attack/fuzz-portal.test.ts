import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";
import { EDGE_STRINGS } from "./attack-bodies.ts";
import { createCaseCounter, PROPERTY_TIMEOUT_MS, RUNS_PER_TARGET } from "./case-counter.ts";
import { checkProperty } from "./check-property.ts";

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

// A14: the portal's pages are not in the endpoint table fuzz-service walks; here every form of them gets generated
// fields (with a valid session and CSRF token, so the handlers run) and every page generated path segments and
// queries. Whatever comes, the answer is a page or a redirect, never a 5xx.
const counter = createCaseCounter("fuzz-portal");

const POSTS = [
  "/developer/new-app",
  "/developer/apps",
  "/developer/apps/recorder/verify",
  "/developer/apps/recorder/refresh",
  "/developer/apps/recorder/edit",
  "/developer/apps/recorder/fixtures",
  "/developer/apps/recorder/signing-secret/show",
  "/marketplace/apps/recorder/install",
  "/marketplace/apps/recorder/connect",
  "/marketplace/installations/nope/front-desk",
  "/marketplace/installations/nope/uninstall",
  "/marketplace/installations/nope/triggers",
  "/marketplace/installations/nope/test-event",
  "/marketplace/installations/nope/handshake-check",
  "/developer/apps/recorder/reviews",
  "/developer/sign-in",
];

const FIELD_NAMES = [
  "base_url",
  "cred_0_0",
  "cred_1_0",
  "cred_1_1",
  "cred_9_9",
  "fixtures_text",
  "token",
  "next",
  "confirm",
  "workflow_id",
  "event_type",
  "target_stage",
];
const value = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom("http://127.0.0.1:1/x", "javascript:alert(1)", "%00", "\u0000", "a".repeat(5000), "bad", "good"),
  fc.webUrl(),
);
const fields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), value, {
  maxKeys: 6,
});
const segment = fc.oneof(
  fc.constantFrom("recorder", "new-app", "reviews", "1", "0", "%00", "%ZZ", "report.json", "x".repeat(300), ""),
  fc.webSegment(),
);

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the portal under generated forms and paths ${lane.title}`, () => {
    let test: TestService;
    let recorder: RecordingAdapter;
    let client: PortalBrowser;

    beforeAll(async () => {
      recorder = await startRecordingAdapter();
      test = await startTestService(lane, { healthPolling: false });
      const tenant = await createTenant(test, "acme");
      const created = await test.call("/api/v1/apps", { token: tenant.token, json: { base_url: recorder.url } });
      expect(created.status).toBe(201);
      client = new PortalBrowser(test.url);
      await client.signIn(tenant.token);
    });
    afterAll(async () => {
      counter.report();
      await test?.close();
      await recorder?.close();
    });

    it("answers every generated form post with a page or a redirect, never a 5xx", async () => {
      await checkProperty(
        fc.tuple(fc.constantFrom(...POSTS), fields),
        async ([path, form]) => {
          counter.add(`POST ${path}`);
          const answer = await client.post(path, form);
          expect(answer.status).toBeLessThan(500);
          expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
        },
        {
          numRuns: RUNS_PER_TARGET * 4,
          describe: ([path, form]) => `POST ${path} ${JSON.stringify(form).slice(0, 300)}`,
        },
      );
    });

    // Not generated: each form field holding each edge string in turn (see edgeValueBodies).
    it("answers every form with an edge string in any one field with a page or a redirect, never a 5xx", async () => {
      for (const path of POSTS) {
        for (const name of FIELD_NAMES) {
          for (const text of EDGE_STRINGS) {
            counter.add(`POST ${path} (edge values)`);
            const answer = await client.post(path, { [name]: text });
            expect(answer.status, `POST ${path} ${name}=${JSON.stringify(text).slice(0, 40)}`).toBeLessThan(500);
          }
        }
      }
    });

    it("answers every generated page path and query with a page or a redirect, never a 5xx", async () => {
      const prefix = fc.constantFrom(
        "/developer",
        "/developer/apps",
        "/marketplace",
        "/marketplace/apps",
        "/marketplace/installations",
      );
      await checkProperty(
        fc.tuple(prefix, fc.array(segment, { maxLength: 4 }), fc.string({ maxLength: 30 })),
        async ([start, rest, query]) => {
          counter.add("GET portal path");
          const path = [start, ...rest].join("/");
          const answer = await client.get(`${path}?page=${encodeURIComponent(query)}`);
          expect(answer.status).toBeLessThan(500);
        },
        {
          numRuns: RUNS_PER_TARGET * 2,
          describe: ([start, rest, query]) => `${[start, ...rest].join("/")}?page=${query}`,
        },
      );
    });
  });
}

import { appVerificationSchema, credentialListSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrokenAdapter } from "../helpers/broken-adapter.ts";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
} from "../helpers/test-service.ts";

const GOOD = { recorder_token: "good", recorder_server: { host: "mail.test", password: "pw-verify-5d1c" } };

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`POST /api/v1/apps/{slug}/verify: the portal's Verify over the API ${lane.title}`, () => {
    let test: TestService;
    let adapter: RecordingAdapter;
    let author: Tenant;
    let other: Tenant;

    beforeAll(async () => {
      adapter = await startRecordingAdapter();
      test = await startTestService(lane, { allowedHosts: ["127.0.0.1"], healthPolling: false });
      author = await createTenant(test, "author");
      other = await createTenant(test, "other");
      expect((await verify(author.token, "", { base_url: adapter.url }, "/api/v1/apps")).status).toBe(201);
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    function verify(token: string, slug: string, json: unknown, path = `/api/v1/apps/${slug}/verify`) {
      return test.call(path, { token, json });
    }

    it("answers who the credentials belong to when the adapter accepts them, and stores nothing", async () => {
      const asked = adapter.verifies.length;
      const answer = await verify(author.token, "recorder", { credentials: GOOD });
      expect(answer.status).toBe(200);
      expect(appVerificationSchema.parse(await answer.json())).toEqual({ verified: true, user: "recorder-bot" });
      expect(adapter.verifies.slice(asked)).toMatchObject([{ credentials: { bot_token: "good" } }]);
      const stored = await test.call("/api/v1/credentials", { token: author.token });
      expect(credentialListSchema.parse(await stored.json()).items).toEqual([]);
    });

    it("is 422 verification_failed with the adapter's reason when it refuses them", async () => {
      const answer = await verify(author.token, "recorder", { credentials: { ...GOOD, recorder_token: "bad" } });
      expect(answer.status).toBe(422);
      const problem = await readProblem(answer);
      expect(problem.code).toBe("verification_failed");
      expect(problem.detail).toBe("The adapter refused the credentials: token revoked");
    });

    it("is 400 naming the field for a missing field, an unknown key or a value of the wrong shape", async () => {
      for (const [credentials, pointer] of [
        [{ recorder_token: "good" }, "/credentials/recorder_server"],
        [{ ...GOOD, recorder_server: { host: "mail.test" } }, "/credentials/recorder_server/password"],
        [{ ...GOOD, nope: "x" }, "/credentials/nope"],
        [{ ...GOOD, recorder_token: 7 }, "/credentials/recorder_token"],
      ] as const) {
        const answer = await verify(author.token, "recorder", { credentials });
        expect(answer.status, JSON.stringify(credentials)).toBe(400);
        const problem = await readProblem(answer);
        expect(problem.errors?.map((error) => error.path)).toContain(pointer);
      }
    });

    it("is 404 for another organization's App and 403 for a workflow token", async () => {
      expect((await verify(other.token, "recorder", { credentials: GOOD })).status).toBe(404);
      const workflowId = (await createWorkflow(test, author.token)).id;
      const workflowToken = await test.service.createToken({ organization: "author", workflow: workflowId });
      expect((await verify(workflowToken.token, "recorder", { credentials: GOOD })).status).toBe(403);
    });

    it("is 422 saying so when the adapter's /health is not ready, without asking /verify", async () => {
      const asked = adapter.verifies.length;
      const unready = await startBrokenAdapter("unready");
      try {
        expect((await verify(other.token, "", { base_url: unready.url }, "/api/v1/apps")).status).toBe(201);
        const answer = await verify(other.token, "broken", { credentials: {} });
        expect(answer.status).toBe(422);
        expect((await readProblem(answer)).detail).toBe("The adapter's /health says starting, not ready.");
      } finally {
        await unready.close();
      }
      expect(adapter.verifies.length).toBe(asked);
    });
  });
}

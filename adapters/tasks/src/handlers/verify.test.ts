import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTasksAdapter } from "../index.ts";
import { connectForTest } from "../stand-in/connect-for-test.ts";
import { startTasksStandIn, type TasksStandIn } from "../stand-in/start-tasks-stand-in.ts";

let tasks: TasksStandIn;
let adapter: StartedAdapter<ReturnType<typeof createTasksAdapter>["manifest"]>;

beforeAll(async () => {
  tasks = await startTasksStandIn({ redirectUris: ["http://127.0.0.1:9/oauth/callback"] });
  adapter = await startAdapter(createTasksAdapter(tasks.url), { allowedHosts: [new URL(tasks.url).host] });
});
afterAll(async () => {
  await adapter?.close();
  await tasks?.close();
});

describe("POST /verify", () => {
  it("answers the account an access token from the platform belongs to", async () => {
    const { access_token: accessToken } = await connectForTest(tasks, "http://127.0.0.1:9/oauth/callback");
    const { status, body } = await adapter.client.verify({ credentials: { access_token: accessToken } });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, user: "demo-user" });
  });

  it("answers invalid_token, not a 5xx, for a token the platform does not know or has revoked", async () => {
    const { access_token: accessToken } = await connectForTest(tasks, "http://127.0.0.1:9/oauth/callback");
    await tasks.revokeAll();
    for (const token of ["made-up", accessToken]) {
      const { status, body } = await adapter.client.verify({ credentials: { access_token: token } });
      expect(status).toBe(200);
      expect(body).toEqual({ ok: false, error: "invalid_token: the tasks platform refused the access token" });
    }
  });

  it("answers 400 naming access_token when the service sends none", async () => {
    const { status, body } = await adapter.client.verify({ credentials: {} as { access_token: string } });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("access_token");
  });

  it("declares its OAuth set-up in the manifest, pointing at the platform", () => {
    expect(createTasksAdapter(`${tasks.url}/`).manifest.oauth_config).toEqual({
      authorize_url: tasks.authorizeUrl,
      token_url: tasks.tokenUrl,
      scopes: ["tasks:read", "tasks:write"],
      scope_separator: " ",
      extra_authorize_params: { access_type: "offline" },
    });
  });
});

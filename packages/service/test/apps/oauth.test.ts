import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { followAuthorization, type TasksStandIn } from "@adapterkit/adapter-tasks";
import {
  credentialListSchema,
  installationSchema,
  oauthAuthorizationSchema,
  oauthConnectedSchema,
} from "@adapterkit/contract";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCredentials } from "../../src/credentials/read-credentials.ts";
import { createService, type Service } from "../../src/index.ts";
import { createOAuthRefresher } from "../../src/oauth/oauth-refresher.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { startTasksApp, type TasksApp } from "../helpers/tasks-app.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const MINUTE = 60_000;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`OAuth 2 against the real stand-in authorization server (A6) ${lane.title}`, () => {
    let tasks: TasksStandIn;
    let tasksApp: TasksApp;
    let test: TestService;
    let tenant: Tenant;
    let installationId: string;
    let clockOffsetMs = 0;
    const logLines: string[] = [];
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    const serviceOptions = {
      allowedHosts: ["127.0.0.1"],
      healthPolling: false,
      oauthRefresher: false,
      now: () => new Date(Date.now() + clockOffsetMs),
    } as const;

    beforeAll(async () => {
      test = await startTestService(lane, { ...serviceOptions, logger });
      tenant = await createTenant(test, "acme");
      tasksApp = await startTasksApp(test, "acme", { accessTokenTtlSeconds: 3600 });
      tasks = tasksApp.tasks;
    });
    afterAll(async () => {
      await test?.close();
      await tasksApp?.close();
    });

    const api = (path: string, json?: unknown) =>
      test.call(path, { token: tenant.token, ...(json === undefined ? {} : { json }) });
    const connect = async (body: Record<string, unknown>) => {
      const response = await api("/api/v1/oauth/connect", { app: "tasks", ...body });
      expect(response.status).toBe(200);
      return oauthAuthorizationSchema.parse(await response.json());
    };
    const verify = () => api(`/api/v1/installations/${installationId}/verify`, {});
    // acme publishes the tasks App and installs it in its own project: that is where its record lives (A5).
    const tasksScope = () => ({ ...tenant, publisherId: tenant.organizationId });
    const stored = async () =>
      (
        await readCredentials(test.service.store.db, test.service.context.serviceKeys, tasksScope(), ["tasks_oauth"])
      ).get("tasks_oauth");
    const expireStoredToken = () =>
      sql`update credentials set expires_at = ${new Date(Date.now() - MINUTE).toISOString()}`.execute(
        test.service.store.db,
      );
    let callbackUrl: URL;

    it("runs the whole code flow: authorize URL from oauth_config with PKCE, the callback exchanges the code, tokens are stored sealed", async () => {
      const start = await connect(tasks.credentials);
      const url = new URL(start.authorize_url);
      expect(url.origin + url.pathname).toBe(tasks.authorizeUrl);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        response_type: "code",
        client_id: tasks.credentials.client_id,
        redirect_uri: `${test.url}/oauth/callback`,
        scope: "tasks:read tasks:write",
        access_type: "offline",
        code_challenge_method: "S256",
      });
      expect(start.redirect_uri).toBe(`${test.url}/oauth/callback`);
      callbackUrl = await followAuthorization(start.authorize_url);
      expect(callbackUrl.origin).toBe(test.url);
      const done = await fetch(callbackUrl);
      expect(done.status).toBe(200);
      const connected = oauthConnectedSchema.parse(await done.json());
      expect(connected).toMatchObject({
        app: "tasks",
        credential: { key: "tasks_oauth", type: "oauth2", status: "active" },
      });
      expect(connected.credential.fields).toEqual(["access_token", "client_id", "client_secret", "refresh_token"]);
      expect(Date.parse(connected.credential.expires_at ?? "")).toBeGreaterThan(Date.now() + 50 * MINUTE);
      expect(tasks.tokenRequests("authorization_code")).toBe(1);

      const installed = await api("/api/v1/installations", { app: "tasks" });
      expect(installed.status).toBe(201);
      const installation = installationSchema.parse(await installed.json());
      expect(installation).toMatchObject({ verified_user: "demo-user", needs_reauth: [] });
      installationId = installation.id;
      expect(tasks.tokenRequests("refresh_token")).toBe(0);
    });

    it("refuses the callback's state a second time, forged, missing, or with the provider's refusal: 400 problems", async () => {
      const again = await readProblem(await fetch(callbackUrl));
      expect(again).toMatchObject({ status: 400, code: "invalid_request" });
      expect(again.detail).toMatch(/^state: unknown, already used or expired/);
      const forged = new URL(callbackUrl);
      const state = forged.searchParams.get("state") ?? "";
      forged.searchParams.set("state", `${state.slice(0, -2)}${state.endsWith("AA") ? "BB" : "AA"}`);
      expect((await readProblem(await fetch(forged))).detail).toBe("state: not a state this service issued");
      expect((await readProblem(await fetch(`${test.url}/oauth/callback?code=abc`))).detail).toBe("state: required");
      expect((await readProblem(await fetch(`${test.url}/oauth/callback?state=${"x".repeat(5000)}`))).status).toBe(400);

      const denied = new URL((await connect({})).redirect_uri);
      const pending = new URL((await connect({})).authorize_url).searchParams.get("state") ?? "";
      denied.search = new URLSearchParams({
        state: pending,
        error: "access_denied",
        error_description: "no",
      }).toString();
      const refused = await readProblem(await fetch(denied));
      expect(refused).toMatchObject({
        status: 400,
        detail: "error: the authorization server answered access_denied (no)",
      });

      const late = await followAuthorization((await connect({})).authorize_url);
      clockOffsetMs = 11 * MINUTE;
      try {
        expect((await readProblem(await fetch(late))).detail).toMatch(/^state: unknown, already used or expired/);
      } finally {
        clockOffsetMs = 0;
      }

      const badCode = new URL(callbackUrl);
      badCode.searchParams.set("state", new URL((await connect({})).authorize_url).searchParams.get("state") ?? "");
      badCode.searchParams.set("code", "not-a-code");
      const exchange = await readProblem(await fetch(badCode));
      expect(exchange).toMatchObject({
        status: 400,
        detail: "code: the authorization server refused it (invalid_grant)",
      });
    });

    it("refuses connecting an App without oauth_config, an unknown credential key, or without a client to use", async () => {
      const missingClient = await api("/api/v1/oauth/connect", { app: "tasks", client_id: "only-id" });
      expect(await readProblem(missingClient)).toMatchObject({ status: 400, errors: [{ path: "/client_secret" }] });
      const unknownKey = await api("/api/v1/oauth/connect", { app: "tasks", credential_key: "nope" });
      expect(await readProblem(unknownKey)).toMatchObject({ status: 400, errors: [{ path: "/credential_key" }] });
      expect((await api("/api/v1/oauth/connect", { app: "nosuchapp" })).status).toBe(404);
      expect((await api("/api/v1/oauth/connect", { app: "tasks", extra: 1 })).status).toBe(400);
    });

    it("calls the adapter without refreshing while the token is fresh, and refreshes first when it expires within 5 minutes", async () => {
      const before = await stored();
      expect((await verify()).status).toBe(200);
      expect(tasks.tokenRequests("refresh_token")).toBe(0);
      clockOffsetMs = 56 * MINUTE;
      expect((await verify()).status).toBe(200);
      expect(tasks.tokenRequests("refresh_token")).toBe(1);
      const after = await stored();
      expect(after?.fields.access_token).not.toBe(before?.fields.access_token);
      expect(after?.fields.refresh_token).not.toBe(before?.fields.refresh_token);
      expect(Date.parse(after?.expiresAt ?? "")).toBeGreaterThan(Date.now() + clockOffsetMs + 50 * MINUTE);
      clockOffsetMs = 0;
    });

    it("hands the adapter a fresh access_token after the old one expired at the provider", async () => {
      // The provider counts whole seconds: 3 s leaves room for the first call, 3.2 s of waiting ends it for sure.
      tasks.setAccessTokenTtl(3);
      try {
        await expireStoredToken();
        expect((await verify()).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 3_200));
        const requests = tasks.tokenRequests("refresh_token");
        const answer = await verify();
        expect(answer.status).toBe(200);
        expect(tasks.tokenRequests("refresh_token")).toBe(requests + 1);
      } finally {
        tasks.setAccessTokenTtl(3600);
      }
    });

    it("refreshes on its own schedule the tokens expiring within 15 minutes, and only those", async () => {
      await expireStoredToken();
      const refresher = createOAuthRefresher(test.service.context);
      const requests = tasks.tokenRequests("refresh_token");
      expect(await refresher.refreshDue()).toBe(1);
      expect(tasks.tokenRequests("refresh_token")).toBe(requests + 1);
      expect(await refresher.refreshDue()).toBe(0);
      expect(tasks.tokenRequests("refresh_token")).toBe(requests + 1);
    });

    it("makes exactly one refresh request when calls ask for the same expired credential at the same moment", async () => {
      let second: Service | undefined;
      try {
        // On PostgreSQL a second instance on the same database; SQLite allows one instance (D28), so two calls on it.
        if (lane.name === "postgres") {
          second = await createService({
            ...test.location.options,
            ...serviceOptions,
            logLevel: "silent",
            rateLimit: false,
            worker: false,
            scheduler: false,
            callbacks: false,
          });
          await second.listen(0, "127.0.0.1");
        }
        const other = second?.url ?? test.url;
        await expireStoredToken();
        const requests = tasks.tokenRequests("refresh_token");
        const call = (base: string) =>
          fetch(`${base}/api/v1/installations/${installationId}/verify`, {
            method: "POST",
            headers: { authorization: `Bearer ${tenant.token}`, "content-type": "application/json" },
            body: "{}",
          });
        const answers = await Promise.all([call(test.url), call(other), call(test.url), call(other)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        expect(tasks.tokenRequests("refresh_token")).toBe(requests + 1);
      } finally {
        await second?.close();
      }
    });

    it("marks the credential needs_reauth when the grant was revoked, shows it on the installation, and reconnects", async () => {
      expect(await tasks.revokeAll()).toBeGreaterThan(0);
      await expireStoredToken();
      const requests = tasks.tokenRequests("refresh_token");
      const refused = await readProblem(await verify());
      expect(refused).toMatchObject({ status: 409, code: "conflict" });
      expect(refused.detail).toMatch(/^Credential tasks_oauth needs to be connected again/);
      expect((await readProblem(await verify())).status).toBe(409);
      expect(tasks.tokenRequests("refresh_token")).toBe(requests + 1);
      const installation = installationSchema.parse(
        await (await api(`/api/v1/installations/${installationId}`)).json(),
      );
      expect(installation.needs_reauth).toEqual(["tasks_oauth"]);
      const credentials = credentialListSchema.parse(await (await api("/api/v1/credentials")).json());
      expect(credentials.items.find((item) => item.key === "tasks_oauth")?.status).toBe("needs_reauth");

      // Reconnecting reuses the stored client.
      const start = await connect({});
      expect((await fetch(await followAuthorization(start.authorize_url))).status).toBe(200);
      expect((await verify()).status).toBe(200);
      const back = installationSchema.parse(await (await api(`/api/v1/installations/${installationId}`)).json());
      expect(back.needs_reauth).toEqual([]);
    });

    it("keeps every OAuth token, client secret, code and state out of the database in clear and out of the logs", async () => {
      const fields = (await stored())?.fields ?? {};
      const secrets = [
        fields.access_token,
        fields.refresh_token,
        tasks.credentials.client_secret,
        callbackUrl.searchParams.get("code"),
        callbackUrl.searchParams.get("state"),
      ].filter((value): value is string => typeof value === "string" && value.length > 8);
      expect(secrets).toHaveLength(5);
      const dumps: string[] = [logLines.join("")];
      const dir = test.location.options.dataDir;
      for (const name of readdirSync(dir)) dumps.push(readFileSync(join(dir, name)).toString("latin1"));
      for (const table of ["credentials", "oauth_states", "installations"]) {
        const rows = await sql`select * from ${sql.table(table)}`.execute(test.service.store.db);
        dumps.push(JSON.stringify(rows.rows));
      }
      for (const secret of secrets) {
        for (const dump of dumps) expect(dump.includes(secret)).toBe(false);
      }
      expect(logLines.length).toBeGreaterThan(10);
    });
  });
}

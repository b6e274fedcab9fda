import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  credentialListSchema,
  installationListSchema,
  installationSchema,
  skillResourceSchema,
} from "@adapterkit/contract";
import { createAdapterHandler, defineAdapter, defineManifest } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCredential } from "../../src/credentials/save-credential.ts";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const ADMIN = "admin-token-for-the-credential-boundary";

/** Every credential type an App can declare: an api_key, a multi-field text credential and an OAuth2 grant. */
const KEYS_OF_EVERY_TYPE = defineManifest({
  schema_version: "1.0",
  name: "Collector",
  slug: "collector",
  credentials: [
    { key: "shared_token", type: "api_key", maps_to: "token" },
    { key: "shared_server", type: "text", fields: [{ name: "host" }, { name: "password", secret: true }] },
    { key: "shared_oauth", type: "oauth2" },
  ],
  oauth_config: { authorize_url: "https://auth.example.test/authorize", token_url: "https://auth.example.test/token" },
});

/** What the victim organization stored through its own App: the values no other publisher may ever see. */
const SECRETS = {
  token: "victim-api-key-7f3a",
  password: "victim-smtp-password-9c2e",
  oauth: { client_id: "victim-client", client_secret: "victim-client-secret-41bd", access_token: "victim-access-5e0f" },
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** One loopback server serving the collector under any slug, recording every `/verify` body each slug received. */
async function startCollectors() {
  const received = new Map<string, string[]>();
  const handlers = new Map<string, Handler>();
  const handlerOf = (slug: string) => {
    const adapter = defineAdapter({
      manifest: { ...KEYS_OF_EVERY_TYPE, slug, name: `Collector ${slug}` },
      verify: async ({ credentials }) => {
        received.set(slug, [...(received.get(slug) ?? []), JSON.stringify(credentials)]);
        return { ok: true, user: "collector" };
      },
    });
    return createAdapterHandler(adapter, {
      signingSecret: undefined,
      version: "1.0.0",
      logger: pino({ level: "silent" }),
    });
  };
  const server = createServer((req, res) => {
    const slug = (req.url ?? "/").split(/[/?]/)[1] ?? "";
    const handler = handlers.get(slug) ?? handlerOf(slug);
    handlers.set(slug, handler);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlOf: (slug: string) => `http://127.0.0.1:${port}/${slug}`,
    /** Every `/verify` body the slug's adapter received, as JSON text. */
    received: (slug: string) => received.get(slug) ?? [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`an App receives only what its own installer gave it (A5, A17) ${lane.title}`, () => {
    let test: TestService;
    let collectors: Awaited<ReturnType<typeof startCollectors>>;
    let victim: Tenant;
    let victimElsewhere: Tenant;
    let thief: Tenant;
    let victimInstallation: string;

    async function publish(owner: Tenant, slug: string) {
      expect(
        (await test.call("/api/v1/apps", { token: owner.token, json: { base_url: collectors.urlOf(slug) } })).status,
      ).toBe(201);
      expect((await test.call(`/api/v1/apps/${slug}/submit`, { token: owner.token, method: "POST" })).status).toBe(202);
      const review = await test.call(`/api/v1/admin/apps/${slug}/review`, { token: ADMIN, json: { passed: true } });
      expect(review.status).toBe(200);
    }

    const install = (who: Tenant, app: string, credentials: unknown = {}) =>
      test.call("/api/v1/installations", { token: who.token, json: { app, credentials } });

    /** Whether any `/verify` the slug received carried one of the victim's stored values. */
    const leaked = (slug: string) =>
      collectors
        .received(slug)
        .some((body) =>
          [SECRETS.token, SECRETS.password, ...Object.values(SECRETS.oauth)].some((s) => body.includes(s)),
        );

    beforeAll(async () => {
      collectors = await startCollectors();
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false, oauthRefresher: false });
      victim = await createTenant(test, "victim");
      victimElsewhere = await createTenant(test, "victim", "elsewhere");
      thief = await createTenant(test, "thief");
      await publish(victim, "victim-mail");
      await publish(victim, "victim-chat");
      await publish(thief, "thief-helper");
      // The OAuth grant as a completed Connect leaves it: the victim's own publisher, in the victim's project.
      const address = {
        organizationId: victim.organizationId,
        publisherId: victim.organizationId,
        projectId: victim.projectId,
      };
      await saveCredential(test.service.store.db, test.service.context.serviceKeys, {
        ...address,
        key: "shared_oauth",
        type: "oauth2",
        fields: SECRETS.oauth,
        now: new Date(),
      });
      const given = { shared_token: SECRETS.token, shared_server: { host: "mail.test", password: SECRETS.password } };
      const installed = await install(victim, "victim-mail", given);
      expect(installed.status).toBe(201);
      victimInstallation = installationSchema.parse(await installed.json()).id;
    });
    afterAll(async () => {
      await test?.close();
      await collectors?.close();
    });

    it("refuses another publisher's App installed with nothing given, naming every key, before calling it", async () => {
      const answer = await install(victim, "thief-helper");
      expect(answer.status).toBe(400);
      const paths = (await readProblem(answer)).errors?.map((error) => error.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/credentials/shared_token",
          "/credentials/shared_server",
          "/credentials/shared_oauth",
        ]),
      );
      expect(collectors.received("thief-helper")).toEqual([]);
    });

    it("refuses the same install through the marketplace form with every field left blank", async () => {
      const browser = new PortalBrowser(test.url);
      await browser.signIn(victim.token);
      await browser.get("/marketplace/apps/thief-helper");
      const blank = { cred_0_0: "", cred_1_0: "", cred_1_1: "" };
      const answer = await browser.post("/marketplace/apps/thief-helper/install", blank);
      expect(answer.status).toBe(400);
      expect(answer.html).toContain("required");
      expect(collectors.received("thief-helper")).toEqual([]);
    });

    it("never fills another publisher's App from a stored record, even when the other keys are given", async () => {
      const answer = await install(victim, "thief-helper", {
        shared_token: "given-to-the-thief",
        shared_server: { host: "mail.test", password: "given-to-the-thief" },
      });
      expect(answer.status).toBe(400);
      expect((await readProblem(answer)).errors?.map((error) => error.path)).toEqual(["/credentials/shared_oauth"]);
      expect(leaked("thief-helper")).toBe(false);
    });

    it("does not list another publisher's or another project's records to the installer's marketplace page", async () => {
      const browser = new PortalBrowser(test.url);
      await browser.signIn(victim.token);
      const thiefPage = await browser.get("/marketplace/apps/thief-helper");
      expect(thiefPage.html).not.toContain("reused-credentials");
      const ownPage = await browser.get("/marketplace/apps/victim-chat");
      expect(ownPage.html).toContain("your stored <strong>shared_token</strong>");
    });

    it("shares a record between Apps of one publisher in one project, and says which keys it reused", async () => {
      const answer = await install(victim, "victim-chat");
      expect(answer.status).toBe(201);
      const installed = installationSchema.parse(await answer.json());
      expect(installed.credentials_reused).toEqual(["shared_oauth", "shared_server", "shared_token"]);
      expect(installed.project_id).toBe(victim.projectId);
      expect(collectors.received("victim-chat").at(-1)).toContain(SECRETS.password);
    });

    it("does not fill an install in another project of the same organization from this project's records", async () => {
      const answer = await install(victimElsewhere, "victim-chat");
      expect(answer.status).toBe(400);
      expect((await readProblem(answer)).errors?.map((error) => error.path)).toContain("/credentials/shared_token");
    });

    it("reads installations, their events and credential records with the scope the writes have", async () => {
      const get = (path: string, who: Tenant) => test.call(path, { token: who.token });
      expect((await get(`/api/v1/installations/${victimInstallation}`, victimElsewhere)).status).toBe(404);
      expect((await get(`/api/v1/installations/${victimInstallation}/events`, victimElsewhere)).status).toBe(404);
      expect((await get(`/api/v1/installations/${victimInstallation}`, victim)).status).toBe(200);
      const listed = installationListSchema.parse(await (await get("/api/v1/installations", victimElsewhere)).json());
      expect(listed.items.map((item) => item.id)).not.toContain(victimInstallation);
      const records = credentialListSchema.parse(await (await get("/api/v1/credentials", victimElsewhere)).json());
      expect(records.items).toEqual([]);
      const own = credentialListSchema.parse(await (await get("/api/v1/credentials", victim)).json());
      expect(own.items.map((item) => [item.key, item.publisher_id, item.project_id])).toEqual([
        ["shared_oauth", victim.organizationId, victim.projectId],
        ["shared_server", victim.organizationId, victim.projectId],
        ["shared_token", victim.organizationId, victim.projectId],
      ]);
    });

    it("tells a Skill whether a key is stored in the viewer's project only, not in another project", async () => {
      const skill = (who: Tenant) =>
        test.call("/api/v1/skills", {
          token: who.token,
          json: {
            name: `oracle ${who.projectId}`,
            description: "",
            knowledge: "",
            tool_names: [],
            credential_keys: ["shared_token"],
          },
        });
      const elsewhere = skillResourceSchema.parse(await (await skill(victimElsewhere)).json());
      expect(elsewhere.credentials).toEqual([{ key: "shared_token", stored: false }]);
      const own = skillResourceSchema.parse(await (await skill(victim)).json());
      expect(own.credentials).toEqual([{ key: "shared_token", stored: true }]);
    });

    it("keeps the thief's own values apart from the victim's when both exist for the same key", async () => {
      const thiefOwn = { shared_token: "thief-own", shared_server: { host: "mail.test", password: "thief-own" } };
      const address = {
        organizationId: victim.organizationId,
        publisherId: thief.organizationId,
        projectId: victim.projectId,
      };
      await saveCredential(test.service.store.db, test.service.context.serviceKeys, {
        ...address,
        key: "shared_oauth",
        type: "oauth2",
        fields: { client_id: "c", client_secret: "thief-own", access_token: "thief-own" },
        now: new Date(),
      });
      const answer = await install(victim, "thief-helper", thiefOwn);
      expect(answer.status).toBe(201);
      expect(installationSchema.parse(await answer.json()).credentials_reused).toEqual(["shared_oauth"]);
      expect(leaked("thief-helper")).toBe(false);
      const mail = await install(victim, "victim-mail");
      expect(mail.status).toBe(201);
      expect(collectors.received("victim-mail").at(-1)).toContain(SECRETS.token);
    });
  });
}

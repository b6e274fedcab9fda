import { type MailStandIn, mailAdapter, mailManifest, startMailStandIn } from "@adapterkit/adapter-mail";
import {
  credentialListSchema,
  skillResourceListSchema,
  skillResourceSchema,
  toolListSchema,
} from "@adapterkit/contract";
import { type AdapterServer, defineAdapter, defineManifest, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const SECRET = "whsec_c2tpbGxzLXRlc3Qtc2lnbmluZy1zZWNyZXQtMDEyMzQ1Njc4OQ";

/** A second App declaring the mail sample's credential key, with a Skill of its own. */
const HELPDESK = defineManifest({
  schema_version: "1.0",
  name: "Helpdesk",
  slug: "helpdesk",
  credentials: mailManifest.credentials,
  skill: {
    name: "Helpdesk",
    description: "Answers tickets.",
    knowledge: "Use send_email.",
    tool_names: ["send_email"],
  },
});
const BROKEN = defineManifest({
  schema_version: "1.0",
  name: "Broken",
  slug: "broken",
  skill: { name: "Broken", description: "", knowledge: "", tool_names: ["launch_rockets"] },
});

async function serveAdapter(
  adapter: Parameters<typeof serve>[0],
  allowedHosts: readonly string[],
): Promise<AdapterServer> {
  return serve(adapter, {
    allowedHosts,
    port: 0,
    host: "127.0.0.1",
    handleSignals: false,
    signingSecret: SECRET,
    logger: pino({ level: "silent" }),
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `Skills: from manifest.skill at install, through the API, sharing credentials (A13, A5) ${lane.title}`,
    () => {
      let test: TestService;
      let tenant: Tenant;
      let smtp: MailStandIn;
      const servers: AdapterServer[] = [];
      const installations: Record<string, string> = {};

      beforeAll(async () => {
        test = await startTestService(lane, { healthPolling: false, sources: false });
        tenant = await createTenant(test, "acme");
        smtp = await startMailStandIn();
        const helpdesk = defineAdapter({ manifest: HELPDESK, verify: async () => ({ ok: true, user: "helpdesk" }) });
        const broken = defineAdapter({ manifest: BROKEN });
        for (const adapter of [mailAdapter, helpdesk, broken]) {
          const server = await serveAdapter(adapter, [`${smtp.host}:${smtp.port}`]);
          servers.push(server);
          await test.service.apps.register({ organization: "acme" }, server.url.replace("localhost", "127.0.0.1"), {
            signingSecret: SECRET,
          });
          await test.service.apps.publish(adapter.manifest.slug);
        }
      });
      afterAll(async () => {
        await test?.close();
        for (const server of servers) await server.close();
        await smtp?.close();
      });

      const api = (path: string, json?: unknown, method?: string) =>
        test.call(path, {
          token: tenant.token,
          ...(json === undefined ? {} : { json }),
          ...(method ? { method } : {}),
        });
      const skills = async () => skillResourceListSchema.parse(await (await api("/api/v1/skills")).json()).items;

      it("lists the built-in tools, each with a name, a description and a JSON Schema input", async () => {
        const tools = toolListSchema.parse(await (await api("/api/v1/tools")).json()).items;
        expect(tools.map((tool) => tool.name)).toEqual(
          expect.arrayContaining(["send_email", "search_mail", "search_documents"]),
        );
        for (const tool of tools)
          expect(tool.input_schema).toMatchObject({ type: "object", required: expect.any(Array) });
      });

      it("creates the mail sample's Skill at install with the manifest's knowledge and tools", async () => {
        const installed = await api("/api/v1/installations", {
          app: "mail",
          credentials: { mail_server: { ...smtp.credentials } },
        });
        expect(installed.status).toBe(201);
        installations.mail = ((await installed.json()) as { id: string }).id;
        const [skill] = await skills();
        expect(skill).toMatchObject({
          name: "Mail",
          knowledge: mailManifest.skill?.knowledge,
          tool_names: ["search_mail", "send_email"],
          tools: [
            expect.objectContaining({ name: "search_mail", input_schema: expect.objectContaining({ type: "object" }) }),
            expect.objectContaining({ name: "send_email", input_schema: expect.objectContaining({ type: "object" }) }),
          ],
          credentials: [{ key: "mail_server", stored: true }],
          origin: "app",
          installation_id: installations.mail,
        });
      });

      it("shares one credential record between the mail App, a second App declaring its key, and a Skill", async () => {
        const installed = await api("/api/v1/installations", { app: "helpdesk", credentials: {} });
        expect(installed.status).toBe(201);
        installations.helpdesk = ((await installed.json()) as { id: string }).id;
        const created = await api("/api/v1/skills", {
          name: "Outbox",
          tool_names: ["send_email"],
          credential_keys: ["mail_server"],
        });
        expect(created.status).toBe(201);
        expect(skillResourceSchema.parse(await created.json())).toMatchObject({
          origin: "manual",
          credentials: [{ key: "mail_server", stored: true }],
        });
        const credentials = credentialListSchema.parse(await (await api("/api/v1/credentials")).json()).items;
        expect(credentials.filter((credential) => credential.key === "mail_server")).toHaveLength(1);
        expect((await skills()).map((skill) => skill.name)).toEqual(["Mail", "Helpdesk", "Outbox"]);
      });

      it("refuses an unknown tool name, naming it, and installs no App whose Skill names one", async () => {
        const bad = await api("/api/v1/skills", { name: "Rockets", tool_names: ["send_email", "launch_rockets"] });
        const problem = await readProblem(bad);
        expect(bad.status).toBe(400);
        expect(problem.errors?.[0]?.path).toBe("/tool_names/1");
        const broken = await api("/api/v1/installations", { app: "broken" });
        expect(broken.status).toBe(400);
        expect((await readProblem(broken)).errors?.[0]?.path).toBe("/skill/tool_names/0");
        const listed = (await (await api("/api/v1/installations")).json()) as { items: { app: string }[] };
        expect(listed.items.map((item) => item.app)).not.toContain("broken");
        expect(await skills()).toHaveLength(3);
      });

      it("removes at uninstall only the Skill that install created; the shared record and the others stay", async () => {
        const appSkill = (await skills()).find((skill) => skill.name === "Mail");
        expect((await api(`/api/v1/skills/${appSkill?.id}`, undefined, "DELETE")).status).toBe(409);
        expect((await api(`/api/v1/installations/${installations.mail}`, undefined, "DELETE")).status).toBe(200);
        expect((await skills()).map((skill) => skill.name)).toEqual(["Helpdesk", "Outbox"]);
        const credentials = credentialListSchema.parse(await (await api("/api/v1/credentials")).json()).items;
        expect(credentials.map((credential) => credential.key)).toContain("mail_server");
        const outbox = (await skills()).find((skill) => skill.name === "Outbox");
        expect((await api(`/api/v1/skills/${outbox?.id}`, undefined, "DELETE")).status).toBe(204);
        expect((await api(`/api/v1/skills/${outbox?.id}`)).status).toBe(404);
        expect((await skills()).map((skill) => skill.name)).toEqual(["Helpdesk"]);
      });
    },
  );
}

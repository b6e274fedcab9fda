import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { readAppSecrets } from "../apps/app-signing-secret.ts";
import { findAppBySlug } from "../apps/find-app.ts";
import { manifestDigest } from "../apps/manifest-digest.ts";
import { registerApp } from "../apps/register-app.ts";
import { loadServiceKeys, SERVICE_KEY_FILE } from "../auth/load-service-key.ts";
import { sealedKeyId } from "../auth/secret-box.ts";
import { createService, type Service } from "../create-service.ts";
import { withCredentialTables } from "../credentials/credential-tables.ts";
import { readCredentials } from "../credentials/read-credentials.ts";
import { saveCredential } from "../credentials/save-credential.ts";
import { openHeaders, sealHeaders } from "../tool-servers/seal-headers.ts";
import { withToolServerTables } from "../tool-servers/tool-server-tables.ts";
import { rotateServiceKey } from "./rotate-service-key.ts";

const MANIFEST = { schema_version: "1.0" as const, name: "Keyed", slug: "keyed" };

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`adapterkit-service keys rotate (D116) ${lane.title}`, () => {
    let location: StoreLocation;
    let before: { hookUrl: string; callback: string; appSecret: string; organizationId: number; projectId: number };
    // The demo organization publishes the App and installs it in its own project.
    const scopeOf = (at: { organizationId: number; projectId: number }) => ({ ...at, publisherId: at.organizationId });
    const open = (): Promise<Service> =>
      createService({
        ...location.options,
        logLevel: "silent",
        worker: false,
        scheduler: false,
        callbacks: false,
        healthPolling: false,
      });

    beforeAll(async () => {
      location = await lane.allocate();
      const service = await open();
      const demo = await service.bootstrapDemo();
      const keys = service.context.serviceKeys;
      const now = new Date();
      await saveCredential(service.store.db, keys, {
        organizationId: demo.organizationId,
        publisherId: demo.organizationId,
        projectId: demo.projectId,
        key: "k",
        type: "text",
        fields: { password: "pw-rotate" },
        now,
      });
      const listing = {
        baseUrl: "http://127.0.0.1:1/keyed",
        slug: "keyed",
        manifest: MANIFEST,
        ...manifestDigest(MANIFEST),
        health: null,
        problems: [],
      };
      const app = await registerApp(service.store.db, keys, {
        organizationId: demo.organizationId,
        projectId: null,
        listing,
        now,
      });
      const at = now.toISOString();
      const skill = await withToolServerTables(service.store.db)
        .insertInto("skills")
        .values({
          organization_id: demo.organizationId,
          ...{ name: "Tools", description: "", knowledge: "", tool_names: "[]", credential_keys: "[]" },
          ...{ origin: "tool_server", installation_id: null, created_at: at, updated_at: at },
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await withToolServerTables(service.store.db)
        .insertInto("tool_servers")
        .values({
          organization_id: demo.organizationId,
          ...{
            name: "Tools",
            url: "http://127.0.0.1:1/mcp",
            skill_id: Number(skill.id),
            server_name: "t",
            tools: "[]",
          },
          headers_enc: sealHeaders(keys, Number(skill.id), { Authorization: "Bearer rotate-me" }),
          ...{ created_at: at, refreshed_at: at },
        })
        .execute();
      before = {
        hookUrl: demo.hookUrl,
        callback: await service.callbackSecret(demo.organizationId),
        appSecret: readAppSecrets(keys, app, now).secret,
        organizationId: demo.organizationId,
        projectId: demo.projectId,
      };
      await service.close();
    });
    afterAll(async () => location?.dispose());

    it("re-seals every kind of secret under a new key, which alone is then in the key file", async () => {
      const oldKey = readFileSync(join(location.options.dataDir, SERVICE_KEY_FILE), "utf8").trim();
      const rotated = await rotateServiceKey(location.options);
      expect(rotated.resealed).toEqual({
        webhookTokens: 1,
        callbackSecrets: 1,
        appSecrets: 1,
        credentials: 1,
        toolServerHeaders: 1,
        fixtures: 0,
      });
      const keyFile = readFileSync(join(location.options.dataDir, SERVICE_KEY_FILE), "utf8").trim();
      expect(keyFile.split("\n")).toHaveLength(1);
      expect(keyFile).not.toBe(oldKey);
      expect(loadServiceKeys({ dataDir: location.options.dataDir }).currentId).toBe(rotated.keyId);
    });

    it("leaves every secret readable with the new key alone, unchanged, and sealed under its id", async () => {
      const service = await open();
      try {
        const keys = service.context.serviceKeys;
        expect((await service.bootstrapDemo()).hookUrl).toBe(before.hookUrl);
        expect(await service.callbackSecret(before.organizationId)).toBe(before.callback);
        const app = await findAppBySlug(service.store.db, "keyed");
        expect(app && readAppSecrets(keys, app, new Date()).secret).toBe(before.appSecret);
        const opened = await readCredentials(service.store.db, keys, scopeOf(before), ["k"]);
        expect(opened.get("k")?.fields).toEqual({ password: "pw-rotate" });
        const row = await withCredentialTables(service.store.db)
          .selectFrom("credentials")
          .select("fields_enc")
          .executeTakeFirstOrThrow();
        expect(sealedKeyId(Object.values(JSON.parse(row.fields_enc) as Record<string, string>)[0] ?? "")).toBe(
          keys.currentId,
        );
        const tools = await withToolServerTables(service.store.db)
          .selectFrom("tool_servers")
          .selectAll()
          .executeTakeFirstOrThrow();
        expect(openHeaders(keys, Number(tools.skill_id), tools.headers_enc)).toEqual({
          Authorization: "Bearer rotate-me",
        });
      } finally {
        await service.close();
      }
    });
  });
}

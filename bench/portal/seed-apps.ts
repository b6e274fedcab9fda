import type { Manifest } from "@adapterkit/contract";
import type { Service } from "@adapterkit/service";
import { withAppTables } from "../../packages/service/src/apps/app-tables.ts";
import { manifestDigest } from "../../packages/service/src/apps/manifest-digest.ts";
import { registerApp } from "../../packages/service/src/apps/register-app.ts";

/** Registers `count` Apps of one organization straight into the store (no adapter needed), all published. */
export async function seedApps(service: Service, organizationId: number, count: number): Promise<string[]> {
  const slugs: string[] = [];
  const now = new Date();
  for (let index = 0; index < count; index += 1) {
    const slug = `bench-app-${String(index).padStart(4, "0")}`;
    const manifest: Manifest = {
      schema_version: "1.0",
      name: `Bench App ${index}`,
      slug,
      description: `App number ${index}, listed to measure the portal.`,
      category: "communication",
      version: "1.0.0",
      capabilities: ["send"],
      credentials: [{ key: `bench_token_${index}`, type: "api_key" }],
      setup_instructions: ["Create a token", "Paste it here"],
    };
    const { json, sha256 } = manifestDigest(manifest);
    const listing = {
      baseUrl: `http://127.0.0.1:9/${slug}`,
      slug,
      manifest,
      json,
      sha256,
      health: null,
      problems: [],
    };
    await registerApp(service.store.db, service.context.serviceKeys, { organizationId, listing, now });
    slugs.push(slug);
  }
  await withAppTables(service.store.db)
    .updateTable("apps")
    .set({ state: "published", published_version: 1 })
    .where("organization_id", "=", organizationId)
    .execute();
  return slugs;
}

import type { Manifest } from "@adapterkit/contract";
import type { Service } from "@adapterkit/service";
import { generateAppSecret, sealAppSecret } from "../../packages/service/src/apps/app-signing-secret.ts";
import { withAppTables } from "../../packages/service/src/apps/app-tables.ts";
import { manifestDigest } from "../../packages/service/src/apps/manifest-digest.ts";
import { inChunks } from "../../packages/service/src/store/in-chunks.ts";

function manifestOf(index: number, version = 1): Manifest & { slug: string } {
  const slug = `bench-app-${String(index).padStart(4, "0")}`;
  return {
    schema_version: "1.0",
    name: `Bench App ${index}`,
    slug,
    description: `App number ${index}, listed to measure the portal (manifest version ${version}).`,
    category: "communication",
    version: `1.${version}.0`,
    capabilities: ["send"],
    credentials: [{ key: `bench_token_${index}`, type: "api_key" }],
    setup_instructions: ["Create a token", "Paste it here"],
  };
}

/**
 * Registers `count` published Apps of one organization straight into the store, as `registerApp` writes them (the
 * App row with its sealed signing secret, version 1), 500 rows a statement in one transaction; answers their slugs.
 */
export async function seedApps(service: Service, organizationId: number, count: number): Promise<string[]> {
  const at = new Date().toISOString();
  const manifests = Array.from({ length: count }, (_, index) => manifestOf(index));
  await service.store.db.transaction().execute(async (trx) => {
    for (const chunk of inChunks(manifests)) {
      const apps = await withAppTables(trx)
        .insertInto("apps")
        .values(
          chunk.map((manifest) => ({
            organization_id: organizationId,
            slug: manifest.slug,
            base_url: `http://127.0.0.1:9/${manifest.slug}`,
            state: "published" as const,
            latest_version: 1,
            published_version: 1,
            review_report: null,
            signing_secret_enc: sealAppSecret(service.context.serviceKeys, manifest.slug, generateAppSecret()),
            signing_secret_created_at: at,
            previous_signing_secret_enc: null,
            previous_signing_expires_at: null,
            health_version: null,
            health_checked_at: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning(["id", "slug"])
        .execute();
      const ids = new Map(apps.map((app) => [app.slug, app.id]));
      await withAppTables(trx)
        .insertInto("app_versions")
        .values(
          chunk.map((manifest) => {
            const { json, sha256 } = manifestDigest(manifest);
            return {
              app_id: ids.get(manifest.slug) ?? 0,
              version: 1,
              manifest: json,
              manifest_sha256: sha256,
              created_at: at,
            };
          }),
        )
        .execute();
    }
  });
  return manifests.map((manifest) => manifest.slug);
}

/**
 * Gives one App `versions` manifest versions in all (each a changed description and version), the one before the
 * latest published and the latest a draft, as a busy author's App after many Refreshes.
 */
export async function seedVersions(service: Service, slug: string, versions: number): Promise<void> {
  const app = await withAppTables(service.store.db)
    .selectFrom("apps")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  const index = Number(slug.slice("bench-app-".length));
  const at = new Date().toISOString();
  const rows = Array.from({ length: versions - 1 }, (_, offset) => {
    const { json, sha256 } = manifestDigest(manifestOf(index, offset + 2));
    return { app_id: app.id, version: offset + 2, manifest: json, manifest_sha256: sha256, created_at: at };
  });
  for (const chunk of inChunks(rows))
    await withAppTables(service.store.db).insertInto("app_versions").values(chunk).execute();
  await withAppTables(service.store.db)
    .updateTable("apps")
    .set({ latest_version: versions, published_version: versions - 1 })
    .where("id", "=", app.id)
    .execute();
}

import type { Manifest } from "@adapterkit/contract";
import { withAppTables } from "./apps/app-tables.ts";
import { withInstallationTables } from "./installations/installation-tables.ts";
import type { ServiceOptions } from "./service-options.ts";
import { openStore } from "./store/index.ts";
import { findOrganization } from "./tenancy/organizations.ts";
import { withToolServerTables } from "./tool-servers/tool-server-tables.ts";

/** A demo an earlier `npm start` left in a shared database, and whether another instance serves it now. */
export interface RunningDemo {
  /** When the demo organization was created. */
  readonly from: string;
  /** The demo Apps' adapters, as the store names them. */
  readonly adapterUrls: readonly string[];
  /** `host:port` of everything the demo calls (adapters, the OAuth stand-in, the tool server): for the guard (A15). */
  readonly hosts: readonly string[];
}

const hostOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === "https:" ? "443" : "80")}`;
};

async function answers(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/manifest.json`, {
      signal: AbortSignal.timeout(2_000),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * D468: the demo of a shared database (DATABASE_URL) when another instance serves its sample adapters now, so this
 * one joins without starting its own or touching the demo; undefined when there is no demo or nobody serves it
 * (this instance is the restart, and serves it). Reads the store without writing to it, then asks each adapter.
 */
export async function findRunningDemo(
  options: ServiceOptions,
  organization = "demo",
): Promise<RunningDemo | undefined> {
  if (!options.databaseUrl) return undefined;
  const store = await openStore({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, schema: options.schema });
  try {
    const demo = await findOrganization(store.db, organization);
    if (demo === undefined) return undefined;
    const apps = await withInstallationTables(store.db)
      .selectFrom("installations")
      .innerJoin("apps", "apps.id", "installations.app_id")
      .select(["apps.id", "apps.base_url", "installations.app_version"])
      .where("installations.organization_id", "=", demo.id)
      .where("installations.state", "=", "active")
      .execute();
    const adapterUrls = [...new Set(apps.map((app) => app.base_url))];
    if (!(await Promise.all(adapterUrls.map(answers))).some(Boolean)) return undefined;
    const manifests = await Promise.all(
      apps.map(async (app) => {
        const version = await withAppTables(store.db)
          .selectFrom("app_versions")
          .select("manifest")
          .where("app_id", "=", app.id)
          .where("version", "=", app.app_version)
          .executeTakeFirst();
        return version === undefined ? undefined : (JSON.parse(version.manifest) as Manifest);
      }),
    );
    const oauthUrls = manifests.flatMap((manifest) =>
      manifest?.oauth_config ? [manifest.oauth_config.authorize_url, manifest.oauth_config.token_url] : [],
    );
    const toolServers = await withToolServerTables(store.db)
      .selectFrom("tool_servers")
      .select("url")
      .where("organization_id", "=", demo.id)
      .execute();
    const urls = [...adapterUrls, ...oauthUrls, ...toolServers.map((server) => server.url)];
    return { from: demo.created_at, adapterUrls, hosts: [...new Set(urls.map(hostOf))] };
  } finally {
    await store.close();
  }
}

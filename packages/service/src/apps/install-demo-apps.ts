import type { InstallationJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import { fromAdapterCredentials } from "../credentials/from-adapter-credentials.ts";
import { installApp } from "../installations/install-app.ts";
import { listInstallations, updateInstallation } from "../installations/installation-store.ts";
import { connectDemoAccount, type DemoOAuth } from "../oauth/connect-demo-account.ts";
import type { ServiceContext } from "../service-context.ts";
import { removeAppSkills } from "../skills/app-skill.ts";
import { withAppTables } from "./app-tables.ts";
import { fetchListing } from "./fetch-listing.ts";
import { findAppBySlug, getAppVersion } from "./find-app.ts";
import { refreshApp } from "./refresh-app.ts";
import { registerApp } from "./register-app.ts";
import { transitionApp } from "./transition-app.ts";

/** A sample adapter `npm start` serves, and credentials that work against its stand-in, as the adapter receives them. */
export interface DemoAdapter {
  readonly slug: string;
  readonly baseUrl: string;
  readonly credentials: Readonly<Record<string, unknown>>;
  /** A6: an OAuth App's client at its stand-in; its account is connected before the install. */
  readonly oauth?: DemoOAuth | undefined;
}

async function ensurePublished(
  context: ServiceContext,
  principal: Principal,
  adapter: DemoAdapter,
  secret: string | undefined,
) {
  const { db } = context.store;
  let app = await findAppBySlug(db, adapter.slug);
  if (app === undefined) {
    const listing = await fetchListing(context, { baseUrl: adapter.baseUrl });
    app = await registerApp(db, context.serviceKeys, {
      organizationId: principal.organizationId,
      listing,
      now: context.now(),
      signingSecret: secret,
    });
  } else {
    if (app.base_url !== adapter.baseUrl) {
      // ADAPTERS_PORT changed since the last start: the demo App follows its adapter.
      app = await withAppTables(db)
        .updateTable("apps")
        .set({ base_url: adapter.baseUrl })
        .where("id", "=", app.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    // Its manifest may name the stand-in's new address (the tasks sample's OAuth endpoints): a new version, published
    // below, as the operator would after a refresh.
    app = await refreshApp(db, app, await fetchListing(context, { baseUrl: adapter.baseUrl }), context.now());
  }
  const unpublished = app.state === "published" && app.latest_version !== app.published_version;
  if (app.state === "draft" || unpublished) app = await transitionApp(db, app, { kind: "submit" }, context.now());
  if (app.state === "in_review") app = await transitionApp(db, app, { kind: "review", passed: true }, context.now());
  return app;
}

/**
 * D123 `npm start`: registers and publishes each sample adapter as an App of the demo organization and installs it
 * there with its stand-in's credentials (checked by /verify). A demo installation from an earlier start is
 * uninstalled first, since the stand-ins' addresses change with every start.
 */
export async function installDemoApps(
  context: ServiceContext,
  principal: Principal,
  options: { adapters: readonly DemoAdapter[]; signingSecrets: ReadonlyMap<string, string> },
): Promise<InstallationJson[]> {
  const installed: InstallationJson[] = [];
  const previous = await listInstallations(context.store.db, principal.organizationId);
  for (const adapter of options.adapters) {
    const app = await ensurePublished(context, principal, adapter, options.signingSecrets.get(adapter.slug));
    for (const row of previous.filter((r) => r.app_id === app.id)) {
      await removeAppSkills(context.store.db, row.id);
      await updateInstallation(context.store.db, row.id, { uninstall: true, now: context.now() });
    }
    const version = await getAppVersion(context.store.db, app.id, app.published_version ?? app.latest_version);
    const definitions = (JSON.parse(version.manifest) as { credentials?: [] }).credentials ?? [];
    const credentials = fromAdapterCredentials(definitions, adapter.credentials);
    if (adapter.oauth !== undefined) await connectDemoAccount(context, principal, app.slug, adapter.oauth);
    installed.push(await installApp(context, principal, { app: app.slug, credentials }));
  }
  return installed;
}

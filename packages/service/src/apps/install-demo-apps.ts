import type { InstallationJson, Manifest } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { managedCredentialScope } from "../credentials/credential-scope.ts";
import { fromAdapterCredentials } from "../credentials/from-adapter-credentials.ts";
import { readCredentials } from "../credentials/read-credentials.ts";
import { saveCredential } from "../credentials/save-credential.ts";
import { installApp } from "../installations/install-app.ts";
import { listInstallations } from "../installations/installation-store.ts";
import { toInstallationJson } from "../installations/to-installation-json.ts";
import { connectDemoAccount, type DemoOAuth } from "../oauth/connect-demo-account.ts";
import { type AppRow, withAppTables } from "./app-tables.ts";
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

/** How `npm start` installs the demo Apps. */
export interface DemoInstallOptions {
  readonly adapters: readonly DemoAdapter[];
  readonly signingSecrets: ReadonlyMap<string, string>;
  /** D463: told each change made to what an earlier start left (an App following its adapter, a new version, …). */
  readonly onChange?: ((change: string) => void) | undefined;
}

async function ensurePublished(
  context: GroundContext,
  principal: Principal,
  adapter: DemoAdapter,
  options: { secret: string | undefined; changes: { push(change: string): void } },
) {
  const { db } = context.store;
  let app = await findAppBySlug(db, adapter.slug);
  if (app === undefined) {
    const listing = await fetchListing(context, { baseUrl: adapter.baseUrl });
    app = await registerApp(db, context.serviceKeys, {
      organizationId: principal.organizationId,
      // D584: the operator registers, not a project's token: any project of the organization manages it.
      projectId: null,
      listing,
      now: context.now(),
      signingSecret: options.secret,
    });
  } else {
    if (app.base_url !== adapter.baseUrl) {
      // ADAPTERS_PORT changed since the last start: the demo App follows its adapter, in place (D464).
      options.changes.push(`App ${app.slug}: base URL ${app.base_url} → ${adapter.baseUrl}`);
      app = await withAppTables(db)
        .updateTable("apps")
        .set({ base_url: adapter.baseUrl })
        .where("id", "=", app.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    // An unchanged manifest adds no version (A1); one naming a stand-in that moved (the tasks sample's OAuth
    // endpoints) is a new version, published below, as the operator would after a refresh.
    const before = app.latest_version;
    app = await refreshApp(db, app, await fetchListing(context, { baseUrl: adapter.baseUrl }), context.now());
    if (app.latest_version !== before)
      options.changes.push(`App ${app.slug}: manifest changed, version ${app.latest_version}`);
  }
  const unpublished = app.state === "published" && app.latest_version !== app.published_version;
  if (app.state === "draft" || unpublished) app = await transitionApp(db, app, { kind: "submit" }, context.now());
  if (app.state === "in_review") app = await transitionApp(db, app, { kind: "review", passed: true }, context.now());
  return app;
}

const sameFields = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

/**
 * D463: an installation an earlier start made is kept (its id, version, front-desk switch, triggers and outbox);
 * only credentials that no longer match the stand-in (it moved to another port) are replaced in place.
 */
async function keepInstallation(
  context: GroundContext,
  principal: Principal,
  input: { app: AppRow; adapter: DemoAdapter; changes: { push(change: string): void } },
): Promise<void> {
  const { app, adapter } = input;
  const version = await getAppVersion(context.store.db, app.id, app.published_version ?? app.latest_version);
  const definitions = (JSON.parse(version.manifest) as Manifest).credentials ?? [];
  const wanted = fromAdapterCredentials(definitions, adapter.credentials);
  const scope = managedCredentialScope(principal, app);
  const stored = await readCredentials(context.store.db, context.serviceKeys, scope, Object.keys(wanted));
  for (const [key, fields] of Object.entries(wanted)) {
    const current = stored.get(key);
    if (current !== undefined && sameFields(current.fields, fields)) continue;
    input.changes.push(`installation of ${app.slug}: credential ${key} updated in place (its stand-in moved)`);
    const type = current?.type ?? definitions.find((definition) => definition.key === key)?.type ?? "text";
    await saveCredential(context.store.db, context.serviceKeys, { ...scope, key, type, fields, now: context.now() });
  }
}

/**
 * D123 `npm start`: registers and publishes each sample adapter as an App of the demo organization and installs it
 * there with its stand-in's credentials (checked by /verify). D463: an installation an earlier start made is kept as
 * it was, so its id, inbound URL, switch, triggers and queued replies survive a restart.
 */
export async function installDemoApps(
  context: GroundContext,
  principal: Principal,
  options: DemoInstallOptions,
): Promise<InstallationJson[]> {
  const installations: InstallationJson[] = [];
  const changes = { push: (change: string) => options.onChange?.(change) };
  const previous = await listInstallations(context.store.db, principal.organizationId);
  for (const adapter of options.adapters) {
    const secret = options.signingSecrets.get(adapter.slug);
    const app = await ensurePublished(context, principal, adapter, { secret, changes });
    // A6: the OAuth stand-in keeps its grants in memory, so each start connects the demo account again (D465).
    if (adapter.oauth !== undefined) await connectDemoAccount(context, principal, app.slug, adapter.oauth);
    const kept = previous.find((row) => row.app_id === app.id);
    if (kept === undefined) {
      const version = await getAppVersion(context.store.db, app.id, app.published_version ?? app.latest_version);
      const definitions = (JSON.parse(version.manifest) as { credentials?: [] }).credentials ?? [];
      const credentials = fromAdapterCredentials(definitions, adapter.credentials);
      installations.push(await installApp(context, principal, { app: app.slug, credentials }));
      continue;
    }
    await keepInstallation(context, principal, { app, adapter, changes });
    const version = await getAppVersion(context.store.db, app.id, kept.app_version);
    const manifest = JSON.parse(version.manifest) as Manifest;
    installations.push(toInstallationJson(kept, { slug: app.slug, manifest }, context.publicUrl()));
  }
  return installations;
}

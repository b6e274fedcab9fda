import type { InstallationActionNeeded, Manifest } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { AppRow } from "../apps/app-tables.ts";
import type { AppsContext } from "../apps/apps-context.ts";
import { getManagedApp } from "../apps/authorize-app-management.ts";
import { getAppVersion } from "../apps/find-app.ts";
import type { Principal } from "../auth/principal.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import { storedFieldsOf } from "../credentials/stored-fields-of.ts";
import { isServiceError, ServiceError } from "../errors/service-error.ts";
import { type InstallationRow, withInstallationTables } from "./installation-tables.ts";

/** D454: one move back moves at most this many; the answer says how many remain. */
export const MOVE_CAP = 200;

/** What a move back did: counts only, since the installations are other organizations'. */
export interface MoveResult {
  readonly app: string;
  readonly version: number;
  readonly moved: number;
  readonly action_needed: number;
  readonly remaining: number;
}

/** The share of installations an upgrade asks for: all (neither), a percentage or a count. */
export interface UpgradeShare {
  readonly percent?: number | undefined;
  readonly count?: number | undefined;
}

/** The published version of an App, what an upgrade moves to; 409 when none is. */
export function publishedOf(app: AppRow): number {
  if (app.published_version === null) {
    throw new ServiceError("conflict", `App ${app.slug} has no published version.`);
  }
  return app.published_version;
}

/** D453: why an installation cannot take `version`, or undefined when it can (re-verified with its credentials). */
async function blockerOf(
  context: AppsContext,
  app: AppRow,
  manifest: Manifest,
  version: number,
  row: InstallationRow,
): Promise<{ blocked: InstallationActionNeeded } | { user: string | null }> {
  const definitions = manifest.credentials ?? [];
  if (definitions.length === 0) return { user: row.verified_user };
  const scope = installationCredentialScope(row, app);
  const stored = new Set(
    (
      await findCredentialRows(
        context.store.db,
        scope,
        definitions.map((definition) => definition.key),
      )
    ).map((credential) => credential.key),
  );
  const missing = definitions
    .filter((definition) => !stored.has(definition.key) && !storedFieldsOf(definition).every((field) => field.optional))
    .map((definition) => definition.key);
  if (missing.length > 0) {
    const reason = `Version ${version} requires ${missing.join(", ")}, which this installation has not given: give ${missing.length === 1 ? "it" : "them"} on the installation's page (or PUT /api/v1/installations/${row.id}/credentials) and it moves, keeping its id and inbound URL.`;
    return { blocked: { version, reason, missing_credentials: missing } };
  }
  try {
    const credentials = await resolveCredentials(context, { scope, definitions });
    const target = appTarget(context, app, { organizationId: row.organization_id, projectId: row.project_id });
    const verdict = await callAdapter(context, target, "verify", (client) => client.verify({ credentials }));
    if (verdict.ok) return { user: verdict.user };
    const reason = `The adapter's /verify refused this installation's credentials for version ${version}: ${verdict.error}`;
    return { blocked: { version, reason, missing_credentials: [] } };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const reason = `Re-verifying for version ${version} failed: ${error.message}`;
    return { blocked: { version, reason, missing_credentials: [] } };
  }
}

/** The installations an upgrade of `app` to `version` may move: active ones on an older version, the oldest first. */
function olderInstallations(context: Pick<AppsContext, "store">, app: AppRow, version: number) {
  return withInstallationTables(context.store.db)
    .selectFrom("installations")
    .where("app_id", "=", app.id)
    .where("state", "=", "active")
    .where("app_version", "<", version);
}

/**
 * D451, D580: the installations an upgrade to `version` chooses, in the order it handles them (the oldest first):
 * all of those on an older version, `percent` of them (rounded up) or `count`.
 */
export async function chooseInstallations(
  context: Pick<AppsContext, "store">,
  app: AppRow,
  version: number,
  share: UpgradeShare,
): Promise<{ id: string; app_version: number }[]> {
  const older = olderInstallations(context, app, version);
  const eligible = Number((await older.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const wanted = share.percent !== undefined ? Math.ceil((eligible * share.percent) / 100) : (share.count ?? eligible);
  if (wanted === 0) return [];
  return older
    .select(["id", "app_version"])
    .orderBy("created_at")
    .orderBy("id")
    .limit(Math.min(wanted, eligible))
    .execute();
}

/** What an upgrade did with one installation (D581); `reason` says why it was kept or marked. */
export type UpgradeOutcomeOf =
  | { readonly outcome: "moved"; readonly reason: null }
  | { readonly outcome: "kept" | "action_needed"; readonly reason: string };

/** The version an upgrade moves to, with its manifest (what each installation is re-verified against). */
export interface UpgradeTarget {
  readonly app: AppRow;
  readonly version: number;
  readonly manifest: Manifest;
}

/** The target of an upgrade of `app` to `version`. */
export async function upgradeTargetOf(context: Pick<AppsContext, "store">, app: AppRow, version: number) {
  const manifest = JSON.parse((await getAppVersion(context.store.db, app.id, version)).manifest) as Manifest;
  return { app, version, manifest } satisfies UpgradeTarget;
}

/**
 * D451, D453: moves one installation chosen on `fromVersion` to the target version, re-verified with its own
 * credentials (its scope's records, the adapter's `/verify` as its organization and project); one that lacks a
 * credential the version requires, or that /verify refuses, stays where it is with `action_needed` set. The move is
 * conditional on the version read, so a concurrent move is never undone; one found already moved from `fromVersion`
 * by this upgrade (a restart after the move, before its record) counts as moved without a second /verify (D583).
 */
export async function upgradeInstallation(
  context: AppsContext,
  target: UpgradeTarget,
  chosen: { id: string; fromVersion: number },
): Promise<UpgradeOutcomeOf> {
  const db = withInstallationTables(context.store.db);
  const { app, version, manifest } = target;
  const row = await db.selectFrom("installations").selectAll().where("id", "=", chosen.id).executeTakeFirst();
  if (row === undefined || row.state !== "active") {
    return { outcome: "kept", reason: "It was uninstalled before its turn." };
  }
  if (row.app_version === version && row.previous_version === chosen.fromVersion)
    return { outcome: "moved", reason: null };
  if (row.app_version !== chosen.fromVersion) {
    return { outcome: "kept", reason: `It moved to version ${row.app_version} meanwhile, by another change.` };
  }
  const verdict = await blockerOf(context, app, manifest, version, row);
  const at = context.now().toISOString();
  const change =
    "blocked" in verdict
      ? { action_needed: JSON.stringify(verdict.blocked), updated_at: at }
      : {
          app_version: version,
          previous_version: row.app_version,
          action_needed: null,
          verified_user: verdict.user,
          updated_at: at,
        };
  const updated = await db
    .updateTable("installations")
    .set(change)
    .where("id", "=", row.id)
    .where("app_version", "=", row.app_version)
    .where("state", "=", "active")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    return {
      outcome: "kept",
      reason: "It changed while it was verified (moved or uninstalled), so it was left as it is.",
    };
  }
  return "blocked" in verdict
    ? { outcome: "action_needed", reason: verdict.blocked.reason }
    : { outcome: "moved", reason: null };
}

/**
 * D454 Move back: the installations an upgrade moved to the published version return to the version each came from
 * (at most MOVE_CAP a call), and every `action_needed` mark of the App is cleared (the upgrade they were about is
 * withdrawn). No /verify: each returns to a version its credentials were verified for.
 */
export async function moveInstallationsBack(
  context: AppsContext,
  principal: Principal,
  slug: string,
): Promise<MoveResult> {
  const db = withInstallationTables(context.store.db);
  const app = await getManagedApp(context.store.db, principal, slug);
  const version = publishedOf(app);
  const movedHere = db
    .selectFrom("installations")
    .where("app_id", "=", app.id)
    .where("state", "=", "active")
    .where("app_version", "=", version)
    .where("previous_version", "is not", null);
  const eligible = Number(
    (await movedHere.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
  );
  const rows = await movedHere.select(["id", "previous_version"]).orderBy("id").limit(MOVE_CAP).execute();
  const at = context.now().toISOString();
  let moved = 0;
  for (const row of rows) {
    if (row.previous_version === null) continue;
    const updated = await db
      .updateTable("installations")
      .set({ app_version: row.previous_version, previous_version: null, action_needed: null, updated_at: at })
      .where("id", "=", row.id)
      .where("app_version", "=", version)
      .executeTakeFirst();
    moved += Number(updated.numUpdatedRows);
  }
  await db
    .updateTable("installations")
    .set({ action_needed: null, updated_at: at })
    .where("app_id", "=", app.id)
    .where("action_needed", "is not", null)
    .execute();
  return { app: app.slug, version, moved, action_needed: 0, remaining: eligible - rows.length };
}

import { type Kysely, type Migration, Migrator, sql } from "kysely";
import type { Database } from "./database.ts";
import type { DialectName } from "./dialect-name.ts";
import { coreMigration } from "./migrations/0001-core.ts";
import { callbacksMigration } from "./migrations/0002-callbacks.ts";
import { scheduleClaimsMigration } from "./migrations/0003-schedule-claims.ts";
import { secretRotationMigration } from "./migrations/0004-secret-rotation.ts";
import { appsMigration } from "./migrations/0005-apps.ts";
import { oauthMigration } from "./migrations/0006-oauth.ts";
import { inboundMigration } from "./migrations/0007-inbound.ts";
import { sourcesMigration } from "./migrations/0008-sources.ts";
import { reviewsMigration } from "./migrations/0009-reviews.ts";
import { portalMigration } from "./migrations/0010-portal.ts";
import { toolServersMigration } from "./migrations/0011-tool-servers.ts";
import { sourceChunksMigration } from "./migrations/0012-source-chunks.ts";
import { toolServerRefreshMigration } from "./migrations/0013-tool-server-refresh.ts";
import { credentialScopeMigration } from "./migrations/0014-credential-scope.ts";
import { inboundRefusalCountMigration } from "./migrations/0015-inbound-refusal-count.ts";
import { portalOperationsMigration } from "./migrations/0016-portal-operations.ts";
import { installationUpgradesMigration } from "./migrations/0017-installation-upgrades.ts";
import { inboundCacheGenerationMigration } from "./migrations/0018-inbound-cache-generation.ts";
import { deliveriesByInstallationMigration } from "./migrations/0019-deliveries-by-installation.ts";
import { inboundEventRecordsMigration } from "./migrations/0020-inbound-event-records.ts";
import { outboundAttemptsMigration } from "./migrations/0021-outbound-attempts.ts";
import { upgradeJobsMigration } from "./migrations/0022-upgrade-jobs.ts";
import { signingEvidenceMigration } from "./migrations/0023-signing-evidence.ts";
import { triggerCacheGenerationMigration } from "./migrations/0024-trigger-cache-generation.ts";

/** Every migration in order; names sort lexically, so later modules append `0002-…`, `0003-…`. */
export function listMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001-core": coreMigration(dialect),
    "0002-callbacks": callbacksMigration(dialect),
    "0003-schedule-claims": scheduleClaimsMigration(),
    "0004-secret-rotation": secretRotationMigration(),
    "0005-apps": appsMigration(dialect),
    "0006-oauth": oauthMigration(),
    "0007-inbound": inboundMigration(dialect),
    "0008-sources": sourcesMigration(dialect),
    "0009-reviews": reviewsMigration(dialect),
    "0010-portal": portalMigration(dialect),
    "0011-tool-servers": toolServersMigration(dialect),
    "0012-source-chunks": sourceChunksMigration(dialect),
    "0013-tool-server-refresh": toolServerRefreshMigration(),
    "0014-credential-scope": credentialScopeMigration(dialect),
    "0015-inbound-refusal-count": inboundRefusalCountMigration(),
    "0016-portal-operations": portalOperationsMigration(),
    "0017-installation-upgrades": installationUpgradesMigration(),
    "0018-inbound-cache-generation": inboundCacheGenerationMigration(dialect),
    "0019-deliveries-by-installation": deliveriesByInstallationMigration(),
    "0020-inbound-event-records": inboundEventRecordsMigration(),
    "0021-outbound-attempts": outboundAttemptsMigration(dialect),
    "0022-upgrade-jobs": upgradeJobsMigration(dialect),
    "0023-signing-evidence": signingEvidenceMigration(),
    "0024-trigger-cache-generation": triggerCacheGenerationMigration(dialect),
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; name ours on PostgreSQL so
  // another schema's tables (another app, another test file) are never mistaken for them.
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => listMigrations(dialect) },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed`, { cause: error });
  }
}

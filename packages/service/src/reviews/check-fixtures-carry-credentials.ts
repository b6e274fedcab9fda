import type { Manifest } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { AppRow } from "../apps/app-tables.ts";
import { withAppTables } from "../apps/app-tables.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { readFixtures } from "./app-fixtures.ts";
import { describeGap, fixtureCredentialGaps } from "./fixture-credential-gaps.ts";
import type { ReviewsContext } from "./reviews-context.ts";

async function manifestOf(db: Kysely<Database>, appId: number, version: number): Promise<Manifest | undefined> {
  const row = await withAppTables(db)
    .selectFrom("app_versions")
    .select("manifest")
    .where("app_id", "=", appId)
    .where("version", "=", version)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.manifest) as Manifest);
}

/**
 * D591: refuses (409, naming each credential's key and field) a submit of a version whose manifest adds a required
 * credential that the stored fixtures' `credentials.good` does not carry, instead of a review whose every check that
 * calls the adapter fails for that one reason. The version compared with is the published one, else the one before;
 * a first version and an App without a fixtures file are not judged here (the review's summary names the cause).
 */
export async function checkFixturesCarryCredentials(context: ReviewsContext, app: AppRow): Promise<void> {
  const baseVersion = app.published_version ?? app.latest_version - 1;
  if (baseVersion < 1 || baseVersion >= app.latest_version) return;
  const fixtures = await readFixtures(context, app.id);
  if (fixtures === undefined) return;
  const [manifest, base] = await Promise.all([
    manifestOf(context.store.db, app.id, app.latest_version),
    manifestOf(context.store.db, app.id, baseVersion),
  ]);
  if (manifest === undefined || base === undefined) return;
  const gaps = fixtureCredentialGaps(manifest, fixtures, base);
  if (gaps.length === 0) return;
  const named = gaps.map(describeGap).join(", ");
  throw new ServiceError(
    "conflict",
    `The fixtures lack the required credential ${named} that version ${app.latest_version} adds: add ${gaps
      .map((gap) => `credentials.good.${gap.field}`)
      .join(", ")} to the fixtures file, upload it again and submit.`,
    {
      errors: gaps.map((gap) => ({
        path: `/credentials/good/${gap.field}`,
        message: `required credential ${gap.key} (field ${gap.field}) is missing from the fixtures`,
      })),
    },
  );
}

import { createHash } from "node:crypto";
import { type Fixtures, FixturesError, loadFixtures } from "@adapterkit/conformance";
import type { AppFixturesJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { getOwnApp } from "../apps/find-app.ts";
import type { Principal } from "../auth/principal.ts";
import { decryptSecret, encryptSecret } from "../auth/secret-box.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { type AppFixturesRow, withReviewTables } from "./review-tables.ts";
import type { ReviewsContext } from "./reviews-context.ts";

/** The largest fixtures file accepted (the API's body limit is 1 MiB; fixtures are small). */
export const MAX_FIXTURES_BYTES = 256 * 1024;

// Binds the ciphertext to its App, so a sealed file cannot be moved to another App.
export const fixturesSecretContext = (appId: number) => `adapterkit:app-fixtures:${appId}`;

const toJson = (slug: string, row: AppFixturesRow | undefined): AppFixturesJson => ({
  app: slug,
  uploaded: row !== undefined,
  sha256: row?.sha256 ?? null,
  bytes: row?.bytes ?? 0,
  updated_at: row?.updated_at ?? null,
});

/**
 * Checks a fixtures file as the runner would read it (JSON, `fixtures.schema.json`, template references); a 400
 * naming the JSON Pointer of the problem otherwise.
 */
export async function parseFixturesText(text: string): Promise<Fixtures> {
  const problem = (pointer: string, message: string) =>
    new ServiceError("invalid_request", `fixtures: ${message}`, { errors: [{ path: pointer, message }] });
  if (Buffer.byteLength(text) > MAX_FIXTURES_BYTES) throw problem("", `the file is over ${MAX_FIXTURES_BYTES} bytes`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw problem("", `not JSON: ${(error as Error).message}`);
  }
  try {
    return await loadFixtures(data as Fixtures);
  } catch (error) {
    if (error instanceof FixturesError) throw problem(error.pointer, error.message);
    throw error;
  }
}

/** A2: stores the App's conformance fixtures file (sealed) after checking it as the runner will. */
export async function putFixtures(
  context: ReviewsContext,
  principal: Principal,
  slug: string,
  text: string,
): Promise<AppFixturesJson> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  await parseFixturesText(text);
  const row: AppFixturesRow = {
    app_id: app.id,
    text_enc: encryptSecret(context.serviceKeys, text, fixturesSecretContext(app.id)),
    sha256: createHash("sha256").update(text).digest("hex"),
    bytes: Buffer.byteLength(text),
    updated_at: context.now().toISOString(),
  };
  await withReviewTables(context.store.db)
    .insertInto("app_fixtures")
    .values(row)
    .onConflict((oc) => oc.column("app_id").doUpdateSet({ ...row }))
    .execute();
  return toJson(app.slug, row);
}

/** A2: whether the App has a fixtures file, its size and hash; the author's organization only. */
export async function showFixtures(
  context: ReviewsContext,
  principal: Principal,
  slug: string,
): Promise<AppFixturesJson> {
  const app = await getOwnApp(context.store.db, principal, slug);
  return toJson(app.slug, await findFixtures(context.store.db, app.id));
}

async function findFixtures(db: Kysely<Database>, appId: number): Promise<AppFixturesRow | undefined> {
  return withReviewTables(db).selectFrom("app_fixtures").selectAll().where("app_id", "=", appId).executeTakeFirst();
}

/** The App's fixtures for a run, opened; undefined when none was uploaded (the runner's empty fixtures then). */
export async function readFixtures(context: ReviewsContext, appId: number): Promise<Fixtures | undefined> {
  const row = await findFixtures(context.store.db, appId);
  if (row === undefined) return undefined;
  return parseFixturesText(decryptSecret(context.serviceKeys, row.text_enc, fixturesSecretContext(appId)));
}

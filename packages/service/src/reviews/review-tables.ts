import type { Generated, Kysely, Selectable } from "kysely";
import type { AppTables } from "../apps/app-tables.ts";
import type { Database } from "../store/index.ts";

// The reviews module owns these tables (migration 0009-reviews).

/** A2: `queued → running → passed | failed | errored`. */
export type ReviewState = "queued" | "running" | "passed" | "failed" | "errored";

/** One conformance review of an App version, with its lease while a worker runs it. */
export interface ReviewTable {
  id: Generated<number>;
  app_id: number;
  organization_id: number;
  app_version: number;
  state: ReviewState;
  checks_done: Generated<number>;
  checks_total: Generated<number>;
  passed: Generated<number>;
  failed: Generated<number>;
  not_applicable: Generated<number>;
  /** The runner's report as JSON, once it finished. */
  report: string | null;
  error: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  attempts: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** An App's conformance fixtures file, sealed (it carries credentials). */
export interface AppFixturesTable {
  app_id: number;
  text_enc: string;
  sha256: string;
  bytes: number;
  updated_at: string;
}

export type ReviewTables = { reviews: ReviewTable; app_fixtures: AppFixturesTable };
export type ReviewRow = Selectable<ReviewTable>;
export type AppFixturesRow = Selectable<AppFixturesTable>;

/** Views a core connection or transaction with the reviews tables (and the apps tables) typed too. */
export function withReviewTables(db: Kysely<Database>): Kysely<Database & AppTables & ReviewTables> {
  return db.withTables<AppTables & ReviewTables>();
}

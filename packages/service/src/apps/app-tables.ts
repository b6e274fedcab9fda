import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../store/index.ts";

// The apps module owns these tables (migration 0005-apps).

/** A1 listing states: `draft → in_review → published`; a failed review goes back to `draft`. */
export type AppState = "draft" | "in_review" | "published";

/** A8: `unknown` until polled, `ready`, `unready` (answered, not ready), `down` after three failures in a row. */
export type AppHealthStatus = "unknown" | "ready" | "unready" | "down";

/** An App listing (A1), owned by the organization that registered it, with its signing secret (A3) and health (A8). */
export interface AppTable {
  id: Generated<number>;
  organization_id: number;
  /** D584: the project that registered it (migration 0022); null for one registered before, managed by any. */
  project_id: Generated<number | null>;
  slug: string;
  base_url: string;
  state: AppState;
  latest_version: number;
  published_version: number | null;
  /** The last review's report (JSON), kept when a review fails. */
  review_report: string | null;
  signing_secret_enc: string;
  signing_secret_created_at: string;
  previous_signing_secret_enc: string | null;
  previous_signing_expires_at: string | null;
  /** D391: when the author last saw the secret (migration 0016); null before. */
  signing_secret_shown_at: Generated<string | null>;
  /** D590: when the service last saw the adapter check signatures with the App's secret (migration 0023); null before. */
  signing_verified_at: Generated<string | null>;
  /** D590: what saw it: `review <id>` or `signing check`. */
  signing_verified_by: Generated<string | null>;
  /** An AppHealthStatus. */
  health_status: Generated<string>;
  health_version: string | null;
  health_failures: Generated<number>;
  health_checked_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One fetched manifest of an App; Refresh adds a row only when the manifest changed. */
export interface AppVersionTable {
  app_id: number;
  version: number;
  manifest: string;
  manifest_sha256: string;
  created_at: string;
}

export type AppTables = { apps: AppTable; app_versions: AppVersionTable };
export type AppRow = Selectable<AppTable>;
export type AppVersionRow = Selectable<AppVersionTable>;

/** Views a core connection or transaction with the apps tables typed too. */
export function withAppTables(db: Kysely<Database>): Kysely<Database & AppTables> {
  return db.withTables<AppTables>();
}

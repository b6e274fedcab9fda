import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { type AppRow, type AppState, withAppTables } from "./app-tables.ts";

/** The moves contract.md#app-listing allows (D118): submit, then a review that passes or fails. */
export type AppMove = { kind: "submit" } | { kind: "review"; passed: boolean; report?: unknown };

const FROM: Record<AppMove["kind"], AppState> = { submit: "draft", review: "in_review" };

/** A published App whose manifest changed since may submit its newer version too (A1). */
const fromState = (app: AppRow, move: AppMove): AppState =>
  move.kind === "submit" && app.state === "published" && app.latest_version > (app.published_version ?? 0)
    ? "published"
    : FROM[move.kind];

/**
 * Moves an App through `draft → in_review → published`. A passed review publishes the latest version (installations
 * made later pin it); a failed one returns to draft with its report. Any other move is a 409. The update is
 * conditional on the state read, so two concurrent moves cannot both happen.
 */
export async function transitionApp(db: Kysely<Database>, app: AppRow, move: AppMove, now: Date): Promise<AppRow> {
  const from = fromState(app, move);
  if (app.state !== from) {
    throw new ServiceError(
      "conflict",
      `App ${app.slug} is ${app.state.replace("_", " ")}, not ${from.replace("_", " ")}.`,
    );
  }
  const change =
    move.kind === "submit"
      ? { state: "in_review" as const }
      : move.passed
        ? { state: "published" as const, published_version: app.latest_version, review_report: null }
        : { state: "draft" as const, review_report: JSON.stringify(move.report ?? { passed: false }) };
  const updated = await withAppTables(db)
    .updateTable("apps")
    .set({ ...change, updated_at: now.toISOString() })
    .where("id", "=", app.id)
    .where("state", "=", from)
    .returningAll()
    .executeTakeFirst();
  if (updated === undefined) throw new ServiceError("conflict", `App ${app.slug} changed meanwhile; try again.`);
  return updated;
}

import type { TriggerRun, TriggerRunPage, TriggerRunSource, TriggerRunStatus } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database, TriggerRunRow } from "../store/index.ts";
import { parseIdParam } from "../store/index.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";

/** Default and largest page size of trigger runs. */
export const TRIGGER_RUN_PAGE = { default: 20, max: 100 } as const;

function badQuery(field: string, message: string): ServiceError {
  return new ServiceError("invalid_request", `${field}: ${message}`, {
    errors: [{ path: `/${field}`, message: `${field}: ${message}` }],
  });
}

/** Reads `limit` and `cursor` from the query; the cursor is opaque to callers (base64url of the last id seen). */
export function readPageQuery(query: URLSearchParams): { limit: number; before: number | undefined } {
  const limitText = query.get("limit");
  const limit = limitText === null ? TRIGGER_RUN_PAGE.default : Number(limitText);
  if (!/^\d+$/.test(limitText ?? "1") || limit < 1 || limit > TRIGGER_RUN_PAGE.max) {
    throw badQuery("limit", `expected a whole number from 1 to ${TRIGGER_RUN_PAGE.max}`);
  }
  const cursor = query.get("cursor");
  if (cursor === null || cursor === "") return { limit, before: undefined };
  const before = /^[A-Za-z0-9_-]{1,16}$/.test(cursor)
    ? parseIdParam(Buffer.from(cursor, "base64url").toString("utf8"))
    : undefined;
  if (before === undefined) throw badQuery("cursor", "not a cursor this endpoint returned");
  return { limit, before };
}

/** Renders a trigger run row as the D17 JSON. */
export function toTriggerRunJson(row: TriggerRunRow): TriggerRun {
  return {
    id: row.id,
    trigger_id: row.trigger_id,
    source: row.source as TriggerRunSource,
    scheduled_for: row.scheduled_for,
    fired_at: row.fired_at,
    status: row.status as TriggerRunStatus,
    workflow_run_id: row.workflow_run_id,
    error: row.error,
  };
}

/** D16: a trigger's firings, newest first, one page at a time. */
export async function listTriggerRuns(
  db: Kysely<Database>,
  principal: Principal,
  input: { id: number; query: URLSearchParams },
): Promise<TriggerRunPage> {
  const { limit, before } = readPageQuery(input.query);
  const { trigger } = await getAuthorizedTrigger(db, principal, input.id);
  const rows = await db
    .selectFrom("trigger_runs")
    .selectAll()
    .where("trigger_id", "=", trigger.id)
    .$if(before !== undefined, (query) => query.where("id", "<", before ?? 0))
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next_cursor =
    rows.length > limit && last !== undefined ? Buffer.from(String(last.id)).toString("base64url") : null;
  return { items: page.map(toTriggerRunJson), next_cursor };
}

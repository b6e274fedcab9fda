import Database from "better-sqlite3";

/** Where a side keeps its events and runs: a query of each stored event's Slack event id, and one counting runs. */
export interface StoreQueries {
  readonly eventIds: string;
  readonly runs: string;
}

/** The service's store (D178): accepted inbound events by dedup key (the chat sample's is Slack's event_id). */
export const SERVICE_STORE: StoreQueries = {
  eventIds: "select dedup_key as id from inbound_events where outcome = 'accepted'",
  runs: "select count(*) as count from workflow_runs",
};

/** The Bolt app's store (bench/vs-bolt/bolt-server.mjs), either way it commits. */
export const BOLT_STORE: StoreQueries = {
  eventIds: "select event_id as id from events",
  runs: "select count(*) as count from runs",
};

/** What a store held after a load, against the events a delivery of which was answered 200. */
export interface StoreCheck {
  readonly stored: number;
  readonly runs: number;
  /** Answered 200 but not stored, or stored more than once: each voids the round. */
  readonly missing: number;
  readonly twice: number;
  /** Stored but never answered: in flight when the load stopped. */
  readonly unanswered: number;
}

/** Reads the SQLite file of a stopped side and checks that every answered event is in it once, with one run. */
export function checkStore(file: string, queries: StoreQueries, accepted: ReadonlySet<string>): StoreCheck {
  const db = new Database(file);
  try {
    const ids = (db.prepare(queries.eventIds).all() as { id: string }[]).map((row) => row.id);
    const { count: runs } = db.prepare(queries.runs).get() as { count: number };
    const seen = new Map<string, number>();
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    let missing = 0;
    for (const id of accepted) if (!seen.has(id)) missing += 1;
    return {
      stored: ids.length,
      runs,
      missing,
      twice: [...seen.values()].filter((count) => count > 1).length,
      unanswered: [...seen.keys()].filter((id) => !accepted.has(id)).length,
    };
  } finally {
    db.close();
  }
}

/** Why a store check voids its round (every load stops with up to `inFlight` events unanswered), or undefined. */
export function storeFault(check: StoreCheck, inFlight: number): string | undefined {
  if (check.missing > 0) return `${check.missing} events answered 200 are not in the store`;
  if (check.twice > 0) return `${check.twice} events are in the store more than once`;
  if (check.runs !== check.stored) return `${check.stored} events stored but ${check.runs} runs`;
  if (check.unanswered > inFlight) return `${check.unanswered} events stored that no answer accepted`;
  return undefined;
}

import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { isUniqueViolation } from "../store/index.ts";
import { nextFireAt } from "../triggers/index.ts";
import type { DueClaim } from "./claim-due-triggers.ts";
import { type FiringDeps, fireGroup, lockStillDue, moveOn } from "./fire-group.ts";
import { type FiringTally, NO_FIRINGS, sumTallies } from "./firing-tally.ts";

/** What firing a group did, and the claims that failed (their triggers are tried again later). */
export interface FiringOutcome {
  readonly tally: FiringTally;
  readonly failures: { readonly claim: DueClaim; readonly error: unknown }[];
}

/**
 * Fires a group of claimed triggers in ONE transaction (see `fireGroup`). When the group fails, each claim is tried
 * again alone, so one bad trigger holds up no other; a slot that already has a trigger run (the unique index) is
 * stepped over, never fired twice. Never throws: failures are returned with their claims.
 */
export async function fireDueTriggers(
  db: Kysely<Database>,
  deps: FiringDeps,
  claims: readonly DueClaim[],
): Promise<FiringOutcome> {
  try {
    return { tally: await db.transaction().execute((trx) => fireGroup(trx, deps, claims)), failures: [] };
  } catch (error) {
    const [claim] = claims;
    if (claims.length > 1) return fireOneByOne(db, deps, claims);
    if (claim === undefined) return { tally: NO_FIRINGS, failures: [] };
    if (!isUniqueViolation(error)) return { tally: NO_FIRINGS, failures: [{ claim, error }] };
    try {
      await stepOver(db, deps, claim);
      return { tally: { ...NO_FIRINGS, skipped: 1 }, failures: [] };
    } catch (stepError) {
      return { tally: NO_FIRINGS, failures: [{ claim, error: stepError }] };
    }
  }
}

async function fireOneByOne(
  db: Kysely<Database>,
  deps: FiringDeps,
  claims: readonly DueClaim[],
): Promise<FiringOutcome> {
  let tally = NO_FIRINGS;
  const failures: FiringOutcome["failures"] = [];
  for (const claim of claims) {
    const outcome = await fireDueTriggers(db, deps, [claim]);
    tally = sumTallies(tally, outcome.tally);
    failures.push(...outcome.failures);
  }
  return { tally, failures };
}

/** The slot already has a trigger run: move the trigger on without firing it again. */
async function stepOver(db: Kysely<Database>, deps: FiringDeps, claim: DueClaim): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [trigger] = await lockStillDue(trx, deps, [claim]);
    if (trigger !== undefined) await moveOn(trx, trigger.row, nextFireAt(trigger.row, deps.now()));
  });
}

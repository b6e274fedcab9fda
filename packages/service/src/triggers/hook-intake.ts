import { CompiledQuery, type Kysely } from "kysely";
import type { Logger } from "pino";
import { hashToken } from "../auth/hash-token.ts";
import { ServiceError } from "../errors/service-error.ts";
import { whyNotStartable } from "../runs/check-startable.ts";
import { toRunInput } from "../runs/run-input.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { batchWrites } from "../store/batch-writes.ts";
import type { BatchOutcome, Database } from "../store/index.ts";
import { refusedWhole, toJsonRows } from "../store/one-statement.ts";
import {
  fireWebhook,
  type HookRequest,
  type HookResult,
  isWebhookTokenShape,
  openTarget,
  selectHookTargets,
} from "./fire-webhook.ts";
import { FIRING_COLUMNS, FIRING_IDS, firingWrites, toFiringRow } from "./firings-in-one-statement.ts";
import { type Firing, insertFailedFiring, recordFirings } from "./record-firing.ts";

/** What the hooks of a batch come to before anything is written: answers refused at once, firings, refusals. */
interface MatchedHooks {
  /** Per hook: its error (404, 409, 422), or undefined while its run is still to start. */
  readonly outcomes: (BatchOutcome<HookResult> | undefined)[];
  readonly firings: Firing[];
  /** The hook each firing came from, by position. */
  readonly firingIndexes: number[];
  readonly refused: (Omit<Firing, "input" | "startStage"> & { error: string })[];
}

/** D14's answers for hooks read together: one read of their triggers, then each hook's firing or its refusal. */
async function matchHooks(
  db: Kysely<Database>,
  executor: WorkflowExecutor,
  requests: readonly HookRequest[],
): Promise<MatchedHooks> {
  const hashes = requests.map((request) => hashToken(request.token));
  const targets = await selectHookTargets(db)
    .where("triggers.webhook_token_hash", "in", [...new Set(hashes)])
    .execute();
  const byHash = new Map(targets.map((target) => [target.trigger_token_hash, target]));
  const reasons = new Map<number, string | null>();
  const matched: MatchedHooks = { outcomes: [], firings: [], firingIndexes: [], refused: [] };
  for (const [index, hash] of hashes.entries()) {
    const request = requests[index] as HookRequest;
    let opened: ReturnType<typeof openTarget>;
    try {
      opened = openTarget(byHash.get(hash));
    } catch (error) {
      matched.outcomes[index] = { ok: false, error };
      continue;
    }
    const { trigger, workflow } = opened;
    if (!reasons.has(workflow.id)) reasons.set(workflow.id, whyNotStartable(workflow, executor));
    const reason = reasons.get(workflow.id) ?? null;
    if (reason !== null) {
      matched.refused.push({ trigger, source: "webhook", error: reason });
      matched.outcomes[index] = { ok: false, error: new ServiceError("workflow_not_startable", reason) };
      continue;
    }
    matched.firings.push({ trigger, source: "webhook", input: toRunInput(request.body) });
    matched.firingIndexes.push(index);
  }
  return matched;
}

/** Each hook's answer: its error, or the run its firing started (`runIds` by firing, in order). */
function toOutcomes(matched: MatchedHooks, runIds: readonly number[]): BatchOutcome<HookResult>[] {
  const outcomes = [...matched.outcomes];
  for (const [position, index] of matched.firingIndexes.entries()) {
    outcomes[index] = { ok: true, value: { workflowRunId: runIds[position] as number, replayed: false } };
  }
  return outcomes as BatchOutcome<HookResult>[];
}

/**
 * D14 for hooks without an Idempotency-Key that arrived together, inside one transaction: one read of their
 * triggers, then every run, trigger run and counter in a few multi-row statements (recordFirings). Each hook gets
 * its own answer, in order; a refused hook's failed firing commits with the rest.
 */
async function acceptHooks(
  trx: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: Date },
  requests: readonly HookRequest[],
): Promise<BatchOutcome<HookResult>[]> {
  const matched = await matchHooks(trx, deps.executor, requests);
  for (const refusal of matched.refused) await insertFailedFiring(trx, refusal, deps.now);
  return toOutcomes(matched, await recordFirings(trx, matched.firings, deps.now));
}

/** How the hooks' statement begins, which tells it apart in a count of statements. */
export const HOOKS_MARK = "/* hooks in one statement */";

// PostgreSQL only (D639): the firings of hooks read together, written in one statement as D633 writes an inbound
// batch's.
const ACCEPT_HOOKS = `${HOOKS_MARK}
with firing as (
  select f.*, ${FIRING_IDS}
  from json_to_recordset($1::json) as f(ord int, ${FIRING_COLUMNS})
),
${firingWrites("$2")}
select ord, run_id from firing order by ord`;

/**
 * acceptHooks on PostgreSQL in two round trips instead of six or more: the read of the triggers, then every run,
 * trigger run and counter in one statement, its own transaction (D639). Gives undefined, having written nothing,
 * when a hook's workflow cannot start (its failed trigger run takes the transaction). It throws only having written
 * nothing; a statement whose answer was lost may have committed, and then each hook's answer is that error.
 */
async function acceptHooksInOneStatement(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: Date },
  requests: readonly HookRequest[],
): Promise<BatchOutcome<HookResult>[] | undefined> {
  const matched = await matchHooks(db, deps.executor, requests);
  if (matched.refused.length > 0) return undefined;
  if (matched.firings.length === 0) return toOutcomes(matched, []);
  const rows = toJsonRows(matched.firings.map((firing, ord) => ({ ...toFiringRow(firing), ord })));
  let runIds: number[];
  try {
    const query = CompiledQuery.raw(ACCEPT_HOOKS, [rows, deps.now.toISOString()]);
    runIds = (await db.executeQuery<{ ord: number; run_id: number }>(query)).rows.map((row) => row.run_id);
  } catch (error) {
    if (refusedWhole(error)) throw error;
    return requests.map(() => ({ ok: false as const, error }));
  }
  return toOutcomes(matched, runIds);
}

/** The most hooks one transaction accepts; more arriving at once wait for the next. */
const MAX_HOOKS_PER_BATCH = 200;

/** Where the hook endpoint hands its requests. */
export interface HookIntake {
  /** D14 for one request; resolves once its run is committed. */
  fire(request: HookRequest): Promise<HookResult>;
}

/**
 * The hook endpoint's intake: hooks without an Idempotency-Key that arrive in the same turn of the event loop are
 * accepted together in one transaction (acceptHooks), instead of a read and four writes each — on PostgreSQL also
 * one update of the trigger's counters rather than one per hook, each holding the next back until commit. One
 * batch is in flight at a time (batchPerTick). A hook with a key goes alone (its key is checked and stored with its
 * run), as does every hook of a batch that failed before its commit. On PostgreSQL a batch, or a lone hook without a
 * key, is a read and one statement instead (D639) where no failed firing is to be recorded (batchWrites). Nobody
 * hears of success before the commit.
 *
 * @example
 * const hooks = createHookIntake(db, { executor, now: () => new Date(), logger });
 * const { workflowRunId } = await hooks.fire({ token, body });
 */
export function createHookIntake(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: () => Date; logger: Logger },
): HookIntake {
  const batchable = (request: HookRequest) =>
    request.idempotencyKey === undefined && isWebhookTokenShape(request.token);
  const alone = (request: HookRequest) => fireWebhook(db, { executor: deps.executor, now: deps.now() }, request);
  const together = batchWrites<HookRequest, HookResult>(db, {
    inOneStatement: (requests) => acceptHooksInOneStatement(db, { executor: deps.executor, now: deps.now() }, requests),
    inTransaction: (trx, requests) => acceptHooks(trx, { executor: deps.executor, now: deps.now() }, requests),
    // Also where a hook goes whose statement threw: its transaction reads its trigger afresh.
    alone,
    maxBatch: MAX_HOOKS_PER_BATCH,
    onBatchError: (error, size) =>
      deps.logger.warn({ err: error, hooks: size }, "a batch of hooks failed; each is tried again alone"),
  });
  return { fire: (request) => (batchable(request) ? together(request) : alone(request)) };
}

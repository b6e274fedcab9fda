import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { hashToken } from "../auth/hash-token.ts";
import { ServiceError } from "../errors/service-error.ts";
import { whyNotStartable } from "../runs/check-startable.ts";
import { toRunInput } from "../runs/run-input.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { type BatchOutcome, batchPerTick, type Database } from "../store/index.ts";
import {
  fireWebhook,
  type HookRequest,
  type HookResult,
  isWebhookTokenShape,
  openTarget,
  selectHookTargets,
} from "./fire-webhook.ts";
import { type Firing, insertFailedFiring, recordFirings } from "./record-firing.ts";

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
  const hashes = requests.map((request) => hashToken(request.token));
  const targets = await selectHookTargets(trx)
    .where("triggers.webhook_token_hash", "in", [...new Set(hashes)])
    .execute();
  const byHash = new Map(targets.map((target) => [target.trigger_token_hash, target]));
  const refusals = new Map<number, string | null>();
  const outcomes: BatchOutcome<HookResult>[] = [];
  const firings: Firing[] = [];
  const firingIndexes: number[] = [];
  for (const [index, hash] of hashes.entries()) {
    const request = requests[index] as HookRequest;
    let opened: ReturnType<typeof openTarget>;
    try {
      opened = openTarget(byHash.get(hash));
    } catch (error) {
      outcomes[index] = { ok: false, error };
      continue;
    }
    const { trigger, workflow } = opened;
    if (!refusals.has(workflow.id)) refusals.set(workflow.id, whyNotStartable(workflow, deps.executor));
    const reason = refusals.get(workflow.id) ?? null;
    if (reason !== null) {
      await insertFailedFiring(trx, { trigger, source: "webhook", error: reason }, deps.now);
      outcomes[index] = { ok: false, error: new ServiceError("workflow_not_startable", reason) };
      continue;
    }
    firings.push({ trigger, source: "webhook", input: toRunInput(request.body) });
    firingIndexes.push(index);
  }
  const runIds = await recordFirings(trx, firings, deps.now);
  for (const [position, index] of firingIndexes.entries()) {
    outcomes[index] = { ok: true, value: { workflowRunId: runIds[position] as number, replayed: false } };
  }
  return outcomes;
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
 * run), as does every hook of a batch that failed before its commit. Nobody hears of success before the commit.
 *
 * @example
 * const hooks = createHookIntake(db, { executor, now: () => new Date(), logger });
 * const { workflowRunId } = await hooks.fire({ token, body });
 */
export function createHookIntake(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: () => Date; logger: Logger },
): HookIntake {
  const alone = (request: HookRequest) => fireWebhook(db, { executor: deps.executor, now: deps.now() }, request);
  const together = batchPerTick<HookRequest, HookResult>({
    async run(requests) {
      let accepted = false;
      try {
        return await db.transaction().execute(async (trx) => {
          const outcomes = await acceptHooks(trx, { executor: deps.executor, now: deps.now() }, requests);
          accepted = true;
          return outcomes;
        });
      } catch (error) {
        // The COMMIT itself failed, and on PostgreSQL it may still have happened on the server: trying the hooks
        // again could start every run twice, so each answers 500, as a lone hook would.
        if (accepted) return requests.map(() => ({ ok: false as const, error }));
        throw error;
      }
    },
    runAlone: alone,
    maxBatch: MAX_HOOKS_PER_BATCH,
    onBatchError: (error, size) =>
      deps.logger.warn({ err: error, hooks: size }, "a batch of hooks failed; each is tried again alone"),
  });
  return {
    fire(request) {
      const batchable = request.idempotencyKey === undefined && isWebhookTokenShape(request.token);
      return batchable ? together(request) : alone(request);
    },
  };
}

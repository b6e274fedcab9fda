import { createHash } from "node:crypto";
import { WEBHOOK_TOKEN_PATTERN } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { hashToken } from "../auth/hash-token.ts";
import { ServiceError } from "../errors/service-error.ts";
import { whyNotStartable } from "../runs/check-startable.ts";
import { toRunInput } from "../runs/run-input.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { type BatchOutcome, batchPerTick, type Database, isUniqueViolation, type WorkflowRow } from "../store/index.ts";
import { param, preparedQuery } from "../store/prepared-query.ts";
import { findIdempotentRun, IDEMPOTENCY_WINDOW_MS } from "./idempotency.ts";
import { type Firing, insertFailedFiring, recordFailedFiring, recordFiring, recordFirings } from "./record-firing.ts";

/** One request to a webhook trigger's URL. */
export interface HookRequest {
  readonly token: string;
  /** The raw body; null or empty for none. */
  readonly body: Uint8Array | null;
  readonly idempotencyKey?: string | undefined;
}

/** The run a hook started, or the first one when an Idempotency-Key repeats. */
export interface HookResult {
  readonly workflowRunId: number;
  readonly replayed: boolean;
}

/** Whether a hook token has the one possible shape; anything else is a 404 without a database read (D14). */
export function isWebhookTokenShape(token: string): boolean {
  return WEBHOOK_TOKEN_PATTERN.test(token);
}

// What every hook reads: the trigger and its workflow together. A trigger never outlives its workflow (the foreign
// key cascades), so the inner join loses no trigger.
function selectHookTargets(db: Kysely<Database>) {
  return db
    .selectFrom("triggers")
    .innerJoin("workflows", "workflows.id", "triggers.workflow_id")
    .select([
      "triggers.id as trigger_id",
      "triggers.organization_id as trigger_organization_id",
      "triggers.enabled as trigger_enabled",
      "triggers.webhook_token_hash as trigger_token_hash",
    ])
    .selectAll("workflows")
    .where("triggers.type", "=", "webhook");
}

// A lone hook's read, prepared (see preparedQuery).
const hookTarget = preparedQuery((db: Kysely<Database>) =>
  selectHookTargets(db).where("triggers.webhook_token_hash", "=", param<string>("hash")),
);

type HookTarget = NonNullable<Awaited<ReturnType<typeof hookTarget.executeTakeFirst>>>;

/** What an Idempotency-Key is compared by (D80): the SHA-256 of the body, an empty one for none. */
function hashBody(body: Uint8Array | null): string {
  return createHash("sha256")
    .update(body ?? new Uint8Array())
    .digest("hex");
}

function unknownToken(): ServiceError {
  return new ServiceError("not_found", "No webhook trigger has this token.");
}

/** D14's first answers: 404 when no webhook trigger has the token, 409 when it is disabled; else what to fire. */
function openTarget(target: HookTarget | undefined): { trigger: Firing["trigger"]; workflow: WorkflowRow } {
  if (target === undefined) throw unknownToken();
  const { trigger_id, trigger_organization_id, trigger_enabled, trigger_token_hash: _hash, ...workflow } = target;
  const trigger = { id: trigger_id, organization_id: trigger_organization_id, workflow_id: workflow.id };
  if (trigger_enabled !== 1) throw new ServiceError("trigger_disabled", `Webhook trigger ${trigger.id} is disabled.`);
  return { trigger, workflow };
}

/**
 * D14: starts a run from a webhook trigger's URL: 404 unknown token → 409 disabled → Idempotency-Key replay
 * (422 when the body differs) → 422 when the workflow cannot start → a queued run, its trigger run and the
 * key, committed together. One hook in transactions of its own; see createHookIntake for hooks under load.
 */
export async function fireWebhook(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: Date },
  request: HookRequest,
): Promise<HookResult> {
  if (!isWebhookTokenShape(request.token)) throw unknownToken();
  const { trigger, workflow } = openTarget(await hookTarget.executeTakeFirst(db, { hash: hashToken(request.token) }));
  const idempotency =
    request.idempotencyKey === undefined
      ? undefined
      : { key: request.idempotencyKey, bodyHash: hashBody(request.body) };
  if (idempotency !== undefined) {
    const earlier = await findIdempotentRun(db, trigger.id, idempotency, deps.now);
    if (earlier !== undefined) return { workflowRunId: earlier, replayed: true };
  }
  const reason = whyNotStartable(workflow, deps.executor);
  if (reason !== null) {
    await recordFailedFiring(db, { trigger, source: "webhook", error: reason }, deps.now);
    throw new ServiceError("workflow_not_startable", reason);
  }
  try {
    const firing = { trigger, source: "webhook", input: toRunInput(request.body) } as const;
    const runId = await startHookRun(db, { firing, idempotency, now: deps.now });
    return { workflowRunId: runId, replayed: false };
  } catch (error) {
    // Two requests with one key raced; the loser answers with the winner's run.
    if (idempotency === undefined || !isUniqueViolation(error)) throw error;
    const earlier = await findIdempotentRun(db, trigger.id, idempotency, deps.now);
    if (earlier === undefined) throw error;
    return { workflowRunId: earlier, replayed: true };
  }
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
  const hashes = requests.map((request) => hashToken(request.token));
  const targets = await selectHookTargets(trx)
    .where("triggers.webhook_token_hash", "in", [...new Set(hashes)])
    .execute();
  const byHash = new Map(targets.map((target) => [target.trigger_token_hash, target]));
  const refusals = new Map<number, string | null>();
  const outcomes: BatchOutcome<HookResult>[] = [];
  const firings: Firing[] = [];
  const firingIndexes: number[] = [];
  for (const [index, request] of requests.entries()) {
    let opened: ReturnType<typeof openTarget>;
    try {
      opened = openTarget(byHash.get(hashes[index] ?? ""));
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

/** The most hooks one transaction accepts; more arriving at once start another. */
export const MAX_HOOKS_PER_BATCH = 200;

/** Where the hook endpoint hands its requests. */
export interface HookIntake {
  /** D14 for one request; resolves once its run is committed. */
  fire(request: HookRequest): Promise<HookResult>;
}

/**
 * The hook endpoint's intake: hooks without an Idempotency-Key that arrive in the same turn of the event loop are
 * accepted together in one transaction (acceptHooks), instead of a read and four writes each — on PostgreSQL also
 * one update of the trigger's counters rather than one per hook, each holding the next back until commit. A hook
 * with a key goes alone (its key is checked and stored with its run), as does every hook of a batch that failed.
 * Nobody hears of success before the commit.
 *
 * @example
 * const hooks = createHookIntake(db, { executor, now: () => new Date() });
 * const { workflowRunId } = await hooks.fire({ token, body });
 */
export function createHookIntake(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: () => Date },
): HookIntake {
  const alone = (request: HookRequest) => fireWebhook(db, { executor: deps.executor, now: deps.now() }, request);
  const together = batchPerTick<HookRequest, HookResult>({
    run: (requests) =>
      db.transaction().execute((trx) => acceptHooks(trx, { executor: deps.executor, now: deps.now() }, requests)),
    runAlone: alone,
    maxBatch: MAX_HOOKS_PER_BATCH,
  });
  return {
    fire(request) {
      const batchable = request.idempotencyKey === undefined && isWebhookTokenShape(request.token);
      return batchable ? together(request) : alone(request);
    },
  };
}

async function startHookRun(
  db: Kysely<Database>,
  input: { firing: Firing; idempotency: { key: string; bodyHash: string } | undefined; now: Date },
): Promise<number> {
  const { firing, idempotency, now } = input;
  const { trigger } = firing;
  return db.transaction().execute(async (trx) => {
    const { run } = await recordFiring(trx, firing, now);
    if (idempotency !== undefined) {
      const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
      await trx
        .deleteFrom("idempotency_keys")
        .where("trigger_id", "=", trigger.id)
        .where("key", "=", idempotency.key)
        .where("created_at", "<=", expired)
        .execute();
      await trx
        .insertInto("idempotency_keys")
        .values({
          trigger_id: trigger.id,
          key: idempotency.key,
          body_hash: idempotency.bodyHash,
          workflow_run_id: run.id,
          created_at: now.toISOString(),
        })
        .execute();
    }
    return run.id;
  });
}

import { createHash } from "node:crypto";
import { WEBHOOK_TOKEN_PATTERN } from "@adapterkit/contract";
import { type Kysely, sql } from "kysely";
import { hashToken } from "../auth/hash-token.ts";
import { ServiceError } from "../errors/service-error.ts";
import { whyNotStartable } from "../runs/check-startable.ts";
import { toRunInput } from "../runs/run-input.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { type Database, isUniqueViolation, type WorkflowRow } from "../store/index.ts";
import { opaqueParam, preparedQuery } from "../store/prepared-query.ts";
import { findIdempotentRun, IDEMPOTENCY_WINDOW_MS } from "./idempotency.ts";
import { type Firing, recordFailedFiring, recordFiring } from "./record-firing.ts";

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
export function selectHookTargets(db: Kysely<Database>) {
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
    .where("triggers.type", "=", sql.lit("webhook"));
}

// A lone hook's read, prepared (see preparedQuery); the hash opaque to SQLite's planner (D620).
const hookTarget = preparedQuery((db: Kysely<Database>) =>
  selectHookTargets(db).where("triggers.webhook_token_hash", "=", opaqueParam<string>(db, "hash")),
);

/** A webhook trigger and its workflow, as a hook reads them. */
export type HookTarget = NonNullable<Awaited<ReturnType<typeof hookTarget.executeTakeFirst>>>;

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
export function openTarget(target: HookTarget | undefined): { trigger: Firing["trigger"]; workflow: WorkflowRow } {
  if (target === undefined) throw unknownToken();
  const { trigger_id, trigger_organization_id, trigger_enabled, trigger_token_hash: _hash, ...workflow } = target;
  const trigger = { id: trigger_id, organization_id: trigger_organization_id, workflow_id: workflow.id };
  if (trigger_enabled !== 1) throw new ServiceError("trigger_disabled", `Webhook trigger ${trigger.id} is disabled.`);
  return { trigger, workflow };
}

/**
 * D14: starts a run from a webhook trigger's URL: 404 unknown token → 409 disabled → Idempotency-Key replay
 * (422 when the body differs) → 422 when the workflow cannot start → a queued run, its trigger run and the
 * key, committed together. One hook in transactions of its own; see createHookIntake for hooks that arrive
 * together.
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

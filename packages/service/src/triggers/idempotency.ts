import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";

/** D14: how long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Printable ASCII without spaces, 1–255 characters (the IETF Idempotency-Key draft uses opaque strings). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Checks an Idempotency-Key header value; 400 when it is malformed, undefined when absent. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY_PATTERN.test(header)) {
    const message = "Idempotency-Key: expected 1–255 printable ASCII characters without spaces";
    throw new ServiceError("invalid_request", message, { errors: [{ path: "", message }] });
  }
  return header;
}

/**
 * The run an earlier request with this key started within the window, or undefined when there is none; the
 * same key with a different body is a 422.
 */
export async function findIdempotentRun(
  db: Kysely<Database>,
  triggerId: number,
  idempotency: { key: string; bodyHash: string },
  now: Date,
): Promise<number | undefined> {
  const earlier = await db
    .selectFrom("idempotency_keys")
    .select(["body_hash", "workflow_run_id", "created_at"])
    .where("trigger_id", "=", triggerId)
    .where("key", "=", idempotency.key)
    .executeTakeFirst();
  if (earlier === undefined) return undefined;
  if (Date.parse(earlier.created_at) <= now.getTime() - IDEMPOTENCY_WINDOW_MS) return undefined;
  if (earlier.body_hash !== idempotency.bodyHash) {
    throw new ServiceError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different body; use a new key for a new request.",
    );
  }
  return earlier.workflow_run_id;
}

import type { Kysely } from "kysely";
import type { CallbackSender } from "../auth/callback-sender.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { listCallbackSecrets } from "./callback-secret.ts";
import { CallbackSignatureError, isSignedWith, readSignatureHeaders } from "./verify-callback-signature.ts";

/**
 * D25 receiver: finds the organization of this instance whose secret signed the request (Standard Webhooks,
 * ±300 s); a 401 that says why when none did. A callback from another instance verifies once the receiving
 * organization shares the sender's secret (rotateCallbackSecret with the sender's value).
 */
export async function identifyCallbackSender(
  db: Kysely<Database>,
  key: Buffer,
  request: { headers: Readonly<Record<string, string | string[] | undefined>>; body: Uint8Array | null; now: Date },
): Promise<CallbackSender> {
  const body = request.body ?? new Uint8Array();
  try {
    const signed = readSignatureHeaders({ headers: request.headers, now: request.now });
    for (const { organizationId, secret } of await listCallbackSecrets(db, key, request.now)) {
      if (isSignedWith(signed, body, secret)) return { organizationId, webhookId: signed.id };
    }
    throw new CallbackSignatureError("mismatch", "no organization's secret matches the signature");
  } catch (error) {
    if (!(error instanceof CallbackSignatureError)) throw error;
    throw new ServiceError("unauthorized", `Invalid webhook signature: ${error.message}.`, { cause: error });
  }
}

import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { listCallbackSecrets } from "./callback-secret.ts";
import { CallbackSignatureError, verifyCallbackSignature } from "./verify-callback-signature.ts";

/** Who signed a callback this instance received, and the message id they gave it. */
export interface CallbackSender {
  readonly organizationId: number;
  readonly webhookId: string;
}

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
    for (const { organizationId, secret } of await listCallbackSecrets(db, key)) {
      try {
        const { id } = verifyCallbackSignature({ headers: request.headers, body, secret, now: request.now });
        return { organizationId, webhookId: id };
      } catch (error) {
        // Only a mismatch depends on the secret; any other reason holds for every organization.
        if (!(error instanceof CallbackSignatureError) || error.code !== "mismatch") throw error;
      }
    }
    // With no secret to try, header problems still get their own message.
    verifyCallbackSignature({ headers: request.headers, body, secret: "whsec_", now: request.now });
    throw new CallbackSignatureError("mismatch", "no organization's secret matches the signature");
  } catch (error) {
    if (!(error instanceof CallbackSignatureError)) throw error;
    throw new ServiceError("unauthorized", `Invalid webhook signature: ${error.message}.`, { cause: error });
  }
}

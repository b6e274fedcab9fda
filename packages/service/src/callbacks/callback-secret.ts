import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { decryptSecret, encryptSecret } from "../auth/secret-box.ts";
import type { Database } from "../store/index.ts";
import { withCallbackTables } from "./callback-tables.ts";

// Binds the ciphertext to its purpose and organization, so a sealed secret cannot be moved to another row.
const context = (organizationId: number) => `adapterkit:callback-secret:${organizationId}`;

/** Standard Webhooks secrets are `whsec_` + base64 of 24–64 key bytes; ours carry 32 CSPRNG bytes. */
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/** D25: a fresh organization signing secret, `whsec_` + 32 CSPRNG bytes in base64. */
export function generateCallbackSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** Whether a string is a usable Standard Webhooks secret (24 to 64 key bytes). */
export function isCallbackSecret(secret: string): boolean {
  if (!SECRET_PATTERN.test(secret)) return false;
  const bytes = Buffer.from(secret.slice("whsec_".length), "base64").length;
  return bytes >= 24 && bytes <= 64;
}

/**
 * D25: the organization's callback signing secret, created on first use. Concurrent first uses agree: the
 * insert does nothing when another one won, and both read the winner's row.
 */
export async function readCallbackSecret(db: Kysely<Database>, key: Buffer, organizationId: number): Promise<string> {
  const tables = withCallbackTables(db);
  const existing = await tables
    .selectFrom("callback_secrets")
    .select("secret_enc")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (existing !== undefined) return decryptSecret(key, existing.secret_enc, context(organizationId));
  const secret = generateCallbackSecret();
  await tables
    .insertInto("callback_secrets")
    .values({
      organization_id: organizationId,
      secret_enc: encryptSecret(key, secret, context(organizationId)),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("organization_id").doNothing())
    .execute();
  const row = await tables
    .selectFrom("callback_secrets")
    .select("secret_enc")
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return decryptSecret(key, row.secret_enc, context(organizationId));
}

/**
 * Replaces the organization's secret with a fresh one, or with the given one (so a receiving instance can share
 * a sending instance's secret); returns the secret now in force. Attempts after this are signed with it.
 */
export async function rotateCallbackSecret(
  db: Kysely<Database>,
  key: Buffer,
  organizationId: number,
  secret: string = generateCallbackSecret(),
): Promise<string> {
  if (!isCallbackSecret(secret)) throw new TypeError("a callback secret must be whsec_ + base64 of 24–64 bytes");
  const sealed = encryptSecret(key, secret, context(organizationId));
  await withCallbackTables(db)
    .insertInto("callback_secrets")
    .values({ organization_id: organizationId, secret_enc: sealed, created_at: new Date().toISOString() })
    .onConflict((conflict) =>
      conflict.column("organization_id").doUpdateSet({ secret_enc: sealed, created_at: new Date().toISOString() }),
    )
    .execute();
  return secret;
}

/** Every organization's secret, for the receiver to find who signed a callback. */
export async function listCallbackSecrets(
  db: Kysely<Database>,
  key: Buffer,
): Promise<{ organizationId: number; secret: string }[]> {
  const rows = await withCallbackTables(db)
    .selectFrom("callback_secrets")
    .select(["organization_id", "secret_enc"])
    .orderBy("organization_id")
    .execute();
  // A row sealed under another service key can verify nothing; skipping it keeps the other organizations working.
  return rows.flatMap((row) => {
    try {
      return [
        {
          organizationId: row.organization_id,
          secret: decryptSecret(key, row.secret_enc, context(row.organization_id)),
        },
      ];
    } catch {
      return [];
    }
  });
}

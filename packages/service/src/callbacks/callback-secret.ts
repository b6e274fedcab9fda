import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { decryptSecret, encryptSecret } from "../auth/secret-box.ts";
import type { Database } from "../store/index.ts";
import { type CallbackSecretTable, withCallbackTables } from "./callback-tables.ts";

// Binds the ciphertext to its purpose and organization, so a sealed secret cannot be moved to another row.
const context = (organizationId: number) => `adapterkit:callback-secret:${organizationId}`;

/** The sealing context of an organization's callback secrets (for re-sealing them under a new key, D116). */
export const callbackSecretContext = context;

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

/** D103: how long a replaced secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** An organization's signing secrets: the one in force, and the one it replaced while that still signs too. */
export interface CallbackSecrets {
  readonly secret: string;
  /** When the secret came into force. */
  readonly createdAt: string;
  readonly previous: { readonly secret: string; readonly expiresAt: string } | null;
}

type SecretRow = Pick<CallbackSecretTable, "secret_enc" | "created_at" | "previous_secret_enc" | "previous_expires_at">;

function unseal(key: Buffer, organizationId: number, row: SecretRow, now: Date): CallbackSecrets {
  const open = (sealed: string) => decryptSecret(key, sealed, context(organizationId));
  const { previous_secret_enc: previousSealed, previous_expires_at: expiresAt } = row;
  const previousInUse = previousSealed !== null && expiresAt !== null && expiresAt > now.toISOString();
  return {
    secret: open(row.secret_enc),
    createdAt: row.created_at,
    previous: previousInUse ? { secret: open(previousSealed), expiresAt } : null,
  };
}

function selectSecrets(db: Kysely<Database>) {
  return withCallbackTables(db)
    .selectFrom("callback_secrets")
    .select(["organization_id", "secret_enc", "created_at", "previous_secret_enc", "previous_expires_at"]);
}

/**
 * D25: the organization's callback signing secrets, created on first use. Concurrent first uses agree: the insert
 * does nothing when another one won, and both read the winner's row.
 */
export async function readCallbackSecrets(
  db: Kysely<Database>,
  key: Buffer,
  organizationId: number,
  now: Date,
): Promise<CallbackSecrets> {
  const byOrganization = () => selectSecrets(db).where("organization_id", "=", organizationId).executeTakeFirst();
  const existing = await byOrganization();
  if (existing !== undefined) return unseal(key, organizationId, existing, now);
  await withCallbackTables(db)
    .insertInto("callback_secrets")
    .values({
      organization_id: organizationId,
      secret_enc: encryptSecret(key, generateCallbackSecret(), context(organizationId)),
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("organization_id").doNothing())
    .execute();
  const row = await byOrganization();
  if (row === undefined) throw new Error(`callback secret of organization ${organizationId} vanished`);
  return unseal(key, organizationId, row, now);
}

/** What a callback is signed with: the secret in force and, during an overlap, the one it replaced. */
export function signingSecrets(secrets: CallbackSecrets): string[] {
  return secrets.previous === null ? [secrets.secret] : [secrets.secret, secrets.previous.secret];
}

/**
 * Replaces the organization's secret with a fresh one, or with the given one (so a receiving instance can share
 * a sending instance's secret). The replaced secret keeps signing beside the new one for ROTATION_OVERLAP_MS
 * (D103); a second rotation within that time drops the oldest. Returns the secret now in force.
 */
export async function rotateCallbackSecret(
  db: Kysely<Database>,
  key: Buffer,
  organizationId: number,
  options: { now: Date; secret?: string | undefined },
): Promise<string> {
  const secret = options.secret ?? generateCallbackSecret();
  if (!isCallbackSecret(secret)) throw new TypeError("a callback secret must be whsec_ + base64 of 24–64 bytes");
  const sealed = encryptSecret(key, secret, context(organizationId));
  const at = options.now.toISOString();
  const previousExpiresAt = new Date(options.now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  await withCallbackTables(db)
    .insertInto("callback_secrets")
    .values({ organization_id: organizationId, secret_enc: sealed, created_at: at })
    .onConflict((conflict) =>
      conflict.column("organization_id").doUpdateSet((eb) => ({
        // On the right-hand side the column names are the row as it was: the secret being replaced.
        previous_secret_enc: eb.ref("callback_secrets.secret_enc"),
        previous_expires_at: previousExpiresAt,
        secret_enc: sealed,
        created_at: at,
      })),
    )
    .execute();
  return secret;
}

/** Every organization's secrets (a replaced one while it still signs), for the receiver to find who signed. */
export async function listCallbackSecrets(
  db: Kysely<Database>,
  key: Buffer,
  now: Date,
): Promise<{ organizationId: number; secret: string }[]> {
  const rows = await selectSecrets(db).orderBy("organization_id").execute();
  // A row sealed under another service key can verify nothing; skipping it keeps the other organizations working.
  return rows.flatMap((row) => {
    try {
      const secrets = signingSecrets(unseal(key, row.organization_id, row, now));
      return secrets.map((secret) => ({ organizationId: row.organization_id, secret }));
    } catch {
      return [];
    }
  });
}

import type { Kysely } from "kysely";
import { decryptSecret, encryptSecret, type SealingKey } from "../auth/secret-box.ts";
import {
  type CallbackSecrets,
  generateCallbackSecret,
  ROTATION_OVERLAP_MS,
  signingSecrets,
} from "../callbacks/callback-secret.ts";
import type { Database } from "../store/index.ts";
import { type AppRow, withAppTables } from "./app-tables.ts";

// Binds the ciphertext to its App (the slug never changes), so a sealed secret cannot be moved to another App.
const context = (slug: string) => `adapterkit:app-signing-secret:${slug}`;

/** The sealing context of an App's signing secrets (for re-sealing them under a new key, D116). */
export const appSecretContext = context;

/** A3: a fresh App signing secret, `whsec_` + 32 CSPRNG bytes, the same form as a callback secret (D25). */
export const generateAppSecret = generateCallbackSecret;

/** Seals an App's signing secret with the service key (D15). */
export function sealAppSecret(keys: SealingKey, slug: string, secret: string): string {
  return encryptSecret(keys, secret, context(slug));
}

type SecretColumns = Pick<
  AppRow,
  | "slug"
  | "signing_secret_enc"
  | "signing_secret_created_at"
  | "previous_signing_secret_enc"
  | "previous_signing_expires_at"
>;

/** The App's secrets: the one in force and, for a day after a rotation, the one it replaced (D103). */
export function readAppSecrets(keys: SealingKey, row: SecretColumns, now: Date): CallbackSecrets {
  const open = (sealed: string) => decryptSecret(keys, sealed, context(row.slug));
  const { previous_signing_secret_enc: previous, previous_signing_expires_at: expiresAt } = row;
  const inUse = previous !== null && expiresAt !== null && expiresAt > now.toISOString();
  return {
    secret: open(row.signing_secret_enc),
    createdAt: row.signing_secret_created_at,
    previous: inUse ? { secret: open(previous), expiresAt } : null,
  };
}

/** What the service signs the App's calls with: the secret in force, then the replaced one during the overlap. */
export function appSigningSecrets(keys: SealingKey, row: SecretColumns, now: Date): string[] {
  return signingSecrets(readAppSecrets(keys, row, now));
}

/**
 * A3: replaces the App's secret with a fresh one, or the given one; the replaced secret keeps signing beside it for
 * a day (D103), and a second rotation within the day drops the oldest.
 */
export async function rotateAppSecret(
  db: Kysely<Database>,
  keys: SealingKey,
  row: Pick<AppRow, "id" | "slug">,
  options: { now: Date; secret?: string | undefined },
): Promise<void> {
  const sealed = sealAppSecret(keys, row.slug, options.secret ?? generateAppSecret());
  const at = options.now.toISOString();
  await withAppTables(db)
    .updateTable("apps")
    .set((eb) => ({
      previous_signing_secret_enc: eb.ref("signing_secret_enc"),
      previous_signing_expires_at: new Date(options.now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      signing_secret_enc: sealed,
      signing_secret_created_at: at,
      updated_at: at,
    }))
    .where("id", "=", row.id)
    .execute();
}

export { ROTATION_OVERLAP_MS };

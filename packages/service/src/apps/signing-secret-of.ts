import type { AppSigningSecret } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import { readAppSecrets, rotateAppSecret } from "./app-signing-secret.ts";
import { type AppRow, withAppTables } from "./app-tables.ts";
import type { AppsContext } from "./apps-context.ts";
import { getManagedApp } from "./authorize-app-management.ts";
import { findAppBySlug } from "./find-app.ts";

/** A3: the App's signing secret as its author sees it. */
function toSigningSecret(context: AppsContext, app: AppRow): AppSigningSecret {
  const secrets = readAppSecrets(context.serviceKeys, app, context.now());
  return {
    slug: app.slug,
    secret: secrets.secret,
    created_at: secrets.createdAt,
    previous_secret_expires_at: secrets.previous?.expiresAt ?? null,
  };
}

/**
 * A3: shows, or rotates then shows, the signing secret of one of the organization's Apps. Unless `reveal` is false (a
 * page that only masks it), the author has now seen it, which is recorded (D391).
 */
export async function signingSecretOf(
  context: AppsContext,
  principal: Principal,
  slug: string,
  options: { rotate: boolean; reveal?: boolean },
): Promise<AppSigningSecret> {
  const app = await getManagedApp(context.store.db, principal, slug);
  if (options.reveal !== false) {
    await withAppTables(context.store.db)
      .updateTable("apps")
      .set({ signing_secret_shown_at: context.now().toISOString() })
      .where("id", "=", app.id)
      .execute();
  }
  if (!options.rotate) return toSigningSecret(context, app);
  await rotateAppSecret(context.store.db, context.serviceKeys, app, { now: context.now() });
  return toSigningSecret(context, (await findAppBySlug(context.store.db, slug)) ?? app);
}

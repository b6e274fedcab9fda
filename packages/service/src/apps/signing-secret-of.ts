import type { AppSigningSecret } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { ServiceContext } from "../service-context.ts";
import { readAppSecrets, rotateAppSecret } from "./app-signing-secret.ts";
import type { AppRow } from "./app-tables.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { findAppBySlug, getOwnApp } from "./find-app.ts";

/** A3: the App's signing secret as its author sees it. */
function toSigningSecret(context: ServiceContext, app: AppRow): AppSigningSecret {
  const secrets = readAppSecrets(context.serviceKeys, app, context.now());
  return {
    slug: app.slug,
    secret: secrets.secret,
    created_at: secrets.createdAt,
    previous_secret_expires_at: secrets.previous?.expiresAt ?? null,
  };
}

/** A3: shows, or rotates then shows, the signing secret of one of the organization's Apps. */
export async function signingSecretOf(
  context: ServiceContext,
  principal: Principal,
  slug: string,
  options: { rotate: boolean },
): Promise<AppSigningSecret> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  if (!options.rotate) return toSigningSecret(context, app);
  await rotateAppSecret(context.store.db, context.serviceKeys, app, { now: context.now() });
  return toSigningSecret(context, (await findAppBySlug(context.store.db, slug)) ?? app);
}

import type { GroundContext } from "../context/ground-context.ts";
import { appSigningSecrets, generateAppSecret, rotateAppSecret } from "./app-signing-secret.ts";
import { findAppBySlug } from "./find-app.ts";

/**
 * D123: the signing secret each demo App's adapter is served with: `wanted` (ADAPTER_SIGNING_SECRET) when given, the
 * App is rotated to it if it had another; else the App's own secret from an earlier start; else a fresh one.
 */
export async function demoSigningSecrets(
  context: GroundContext,
  slugs: readonly string[],
  wanted?: string,
): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  for (const slug of slugs) {
    const app = await findAppBySlug(context.store.db, slug);
    const existing = app === undefined ? undefined : appSigningSecrets(context.serviceKeys, app, context.now())[0];
    if (app !== undefined && wanted !== undefined && existing !== wanted) {
      await rotateAppSecret(context.store.db, context.serviceKeys, app, { now: context.now(), secret: wanted });
    }
    secrets.set(slug, wanted ?? existing ?? generateAppSecret());
  }
  return secrets;
}

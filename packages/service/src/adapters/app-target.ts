import { appSigningSecrets } from "../apps/app-signing-secret.ts";
import type { AppRow } from "../apps/app-tables.ts";
import type { GroundContext } from "../context/ground-context.ts";
import type { AdapterTarget } from "./call-adapter.ts";

/** How to call an App's adapter for an organization (and project): its URL, its signing secrets and the context. */
export function appTarget(
  context: Pick<GroundContext, "serviceKeys" | "now">,
  app: AppRow,
  on: { organizationId?: number | undefined; projectId?: number | null | undefined } = {},
): AdapterTarget {
  return {
    appId: app.id,
    baseUrl: app.base_url,
    signingSecrets: appSigningSecrets(context.serviceKeys, app, context.now()),
    organizationId: on.organizationId,
    projectId: on.projectId,
  };
}

import type { AppJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { AppRow } from "./app-tables.ts";
import type { AppsContext } from "./apps-context.ts";
import { getAppVersion, versionFor } from "./find-app.ts";
import { toAppJson } from "./to-app-json.ts";

/** An App as the principal's organization sees it: the author its latest version, others the published one. */
export async function showApp(
  context: AppsContext,
  principal: Pick<Principal, "organizationId">,
  app: AppRow,
): Promise<AppJson> {
  const version = await getAppVersion(context.store.db, app.id, versionFor(app, principal.organizationId));
  return toAppJson(app, version, context.adapterCalls.of(app.id));
}

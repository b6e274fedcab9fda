import { principalOf, type Route } from "../http/route.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { replaceInstallationCredentials } from "./replace-installation-credentials.ts";

/** `PUT /api/v1/installations/{installation_id}/credentials`: new credentials, re-verified, kept in place (D560). */
export const replaceInstallationCredentialsRoute: Route<"replace-installation-credentials", InstallationsContext> = {
  auth: "api",
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    const body = await replaceInstallationCredentials(context, principalOf(input), id, input.body.credentials);
    return { status: 200, body };
  },
};

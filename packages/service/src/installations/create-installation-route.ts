import { principalOf, type Route } from "../http/route.ts";
import { installApp } from "./install-app.ts";
import type { InstallationsContext } from "./installations-context.ts";

/** `POST /api/v1/installations` (A4): /verify first, then the installation. */
export const createInstallationRoute: Route<"create-installation", InstallationsContext> = {
  auth: "api",
  async handler(input, context) {
    const installation = await installApp(context, principalOf(input), input.body);
    return { status: 201, body: installation, headers: { Location: `/api/v1/installations/${installation.id}` } };
  },
};

import { installApp } from "../../installations/install-app.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/installations` (A4): /verify first, then the installation. */
export const createInstallationRoute: Route<"create-installation"> = {
  auth: "api",
  async handler(input, context) {
    const installation = await installApp(context, principalOf(input), input.body);
    return { status: 201, body: installation, headers: { Location: `/api/v1/installations/${installation.id}` } };
  },
};

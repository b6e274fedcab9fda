import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { signingSecretOf } from "./signing-secret-of.ts";

/** `GET /api/v1/apps/{slug}/signing-secret` (A3): to the author's project-scoped tokens. */
export const getAppSigningSecretRoute: Route<"get-app-signing-secret", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const body = await signingSecretOf(context, principalOf(input), input.params.slug ?? "", { rotate: false });
    return { status: 200, body };
  },
};

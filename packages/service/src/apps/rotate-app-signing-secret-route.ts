import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { signingSecretOf } from "./signing-secret-of.ts";

/** `POST /api/v1/apps/{slug}/signing-secret/rotate` (A3, D103). */
export const rotateAppSigningSecretRoute: Route<"rotate-app-signing-secret", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const body = await signingSecretOf(context, principalOf(input), input.params.slug ?? "", { rotate: true });
    return { status: 200, body };
  },
};

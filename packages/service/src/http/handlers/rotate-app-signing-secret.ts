import { signingSecretOf } from "../../apps/signing-secret-of.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps/{slug}/signing-secret/rotate` (A3, D103). */
export const rotateAppSigningSecretRoute: Route<"rotate-app-signing-secret"> = {
  auth: "api",
  async handler(input, context) {
    const body = await signingSecretOf(context, principalOf(input), input.params.slug ?? "", { rotate: true });
    return { status: 200, body };
  },
};

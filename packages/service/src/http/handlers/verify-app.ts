import { verifyAppCredentials } from "../../apps/verify-app-credentials.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps/{slug}/verify`: the portal's Verify over the API; nothing is stored. */
export const verifyAppRoute: Route<"verify-app"> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    const { user } = await verifyAppCredentials(context, principalOf(input), slug, input.body.credentials);
    return { status: 200, body: { verified: true, user } };
  },
};

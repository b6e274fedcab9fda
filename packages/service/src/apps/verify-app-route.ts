import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { verifyAppCredentials } from "./verify-app-credentials.ts";

/** `POST /api/v1/apps/{slug}/verify`: the portal's Verify over the API; nothing is stored. */
export const verifyAppRoute: Route<"verify-app", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    const slug = input.params.slug ?? "";
    const { user } = await verifyAppCredentials(context, principalOf(input), slug, input.body.credentials);
    return { status: 200, body: { verified: true, user } };
  },
};

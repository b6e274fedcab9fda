import { finishAuthorization } from "../../oauth/finish-authorization.ts";
import type { Route } from "../route.ts";

/** `GET /oauth/callback` (A6): the provider's redirect; the single-use state stands in for a bearer token. */
export const oauthCallbackRoute: Route<"oauth-callback"> = {
  auth: "none",
  async handler(input, context) {
    return { status: 200, body: await finishAuthorization(context, input.query) };
  },
};

import { principalOf, type Route } from "../http/route.ts";
import type { OAuthContext } from "./oauth-context.ts";
import { startAuthorization } from "./start-authorization.ts";

/** `POST /api/v1/oauth/connect` (A6): the authorize URL to send the user to. */
export const connectOAuthRoute: Route<"connect-oauth", OAuthContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await startAuthorization(context, principalOf(input), input.body) };
  },
};

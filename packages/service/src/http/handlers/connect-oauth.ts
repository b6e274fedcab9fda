import { startAuthorization } from "../../oauth/start-authorization.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/oauth/connect` (A6): the authorize URL to send the user to. */
export const connectOAuthRoute: Route<"connect-oauth"> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await startAuthorization(context, principalOf(input), input.body) };
  },
};

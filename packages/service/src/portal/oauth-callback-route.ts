import { SERVICE_ERROR_STATUS } from "@adapterkit/contract";
import { isServiceError } from "../errors/service-error.ts";
import type { HandlerResult, Route } from "../http/route.ts";
import { finishAuthorization } from "../oauth/finish-authorization.ts";
import type { OAuthContext } from "../oauth/oauth-context.ts";
import { renderNotice } from "./handle-portal-request.ts";

function noticePage(status: number, notice: Parameters<typeof renderNotice>[0]): HandlerResult {
  const { html, headers } = renderNotice(notice);
  return { status, body: html, contentType: "text/html; charset=utf-8", headers };
}

/**
 * `GET /oauth/callback` (A6): the provider's redirect; the single-use state stands in for a bearer token. A browser
 * (one that asks for HTML) gets a page with a link back to the App's install page instead of JSON (D258).
 */
export const oauthCallbackRoute: Route<"oauth-callback", OAuthContext> = {
  auth: "none",
  async handler(input, context) {
    if (!(input.request?.headers.accept ?? "").includes("text/html")) {
      return { status: 200, body: await finishAuthorization(context, input.query) };
    }
    try {
      const { app } = await finishAuthorization(context, input.query);
      return noticePage(200, {
        heading: `Connected to ${app}`,
        message: "The account is connected and its tokens are stored. Install the App to start using it.",
        back: `/marketplace/apps/${app}`,
        backLabel: `Continue to install ${app}`,
      });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      return noticePage(SERVICE_ERROR_STATUS[error.code], {
        heading: "Not connected",
        message: error.message,
        back: "/marketplace",
        backLabel: "Back to the marketplace",
      });
    }
  },
};

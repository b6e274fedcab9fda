import { PORTAL_CSS, PORTAL_CSS_PATH } from "../portal-css.ts";
import type { PortalRoute } from "../portal-route.ts";

/** The portal's stylesheet; its name changes with its content, so browsers keep it for a year. */
export const stylesheet: PortalRoute = {
  method: "GET",
  pattern: PORTAL_CSS_PATH,
  signedIn: false,
  async handle() {
    return {
      kind: "file",
      status: 200,
      contentType: "text/css; charset=utf-8",
      body: PORTAL_CSS,
      headers: { "Cache-Control": "public, max-age=31536000, immutable" },
    };
  },
};

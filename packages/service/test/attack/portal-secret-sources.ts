import { PortalBrowser } from "../helpers/portal-browser.ts";
import type { SecretSource } from "./secret-sources.ts";

/**
 * A14: a portal session's cookie value and its CSRF token, used as a browser would (pages, a form with the right
 * token, one with a wrong token, one from another site, sign-out), and a sign-in with a wrong token.
 */
export const portalSessions: SecretSource = {
  kind: "portal session",
  async plant({ test, projectToken }) {
    const browser = new PortalBrowser(test.url);
    await browser.post("/developer/sign-in", { token: `${projectToken}x` }, null);
    await browser.signIn(projectToken);
    const cookie = browser.cookie?.split("=")[1] ?? "";
    const csrf = browser.csrf ?? "";
    await browser.get("/marketplace");
    await browser.post("/developer/new-app", { base_url: "http://127.0.0.1:1/nothing" });
    await browser.post("/developer/new-app", { base_url: "x" }, `${csrf}x`);
    await fetch(`${test.url}/developer/sign-out`, {
      method: "POST",
      headers: {
        cookie: `adapterkit_portal=${cookie}`,
        origin: "https://elsewhere.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `csrf=${csrf}`,
    }).then((response) => response.arrayBuffer());
    await browser.post("/developer/sign-out");
    return [cookie, csrf];
  },
};

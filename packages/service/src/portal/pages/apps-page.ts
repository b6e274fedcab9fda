import { listAppPage } from "../../apps/list-app-page.ts";
import { type PortalRoute, page, redirect, sessionOf } from "../portal-route.ts";
import { PAGE_SIZE, pagerOf, readPageNumber } from "./pager.ts";

/** `GET /developer`: the Apps list is the portal's front page. */
export const developerHome: PortalRoute = {
  method: "GET",
  pattern: "/developer",
  signedIn: true,
  async handle() {
    return redirect("/developer/apps");
  },
};

/** `GET /developer/apps`: the organization's Apps with state, health and version. */
export const appsPage: PortalRoute = {
  method: "GET",
  pattern: "/developer/apps",
  signedIn: true,
  async handle(request, context) {
    const number = readPageNumber(request.query);
    const { principal } = sessionOf(request);
    const offset = (number - 1) * PAGE_SIZE;
    const { items, total } = await listAppPage(context, principal, { scope: "own", offset, limit: PAGE_SIZE });
    const apps = items.map((app) => ({
      slug: app.slug,
      name: app.name,
      state: app.state,
      health: app.health.status,
      version: app.manifest.version ?? `v${app.version}`,
    }));
    return page(
      "apps",
      { title: "Your Apps", section: "developer" },
      { apps, pager: pagerOf("/developer/apps", number, total) },
    );
  },
};

import type { AppJson } from "@adapterkit/contract";
import { findAppBySlug } from "../../apps/find-app.ts";
import { listAppPage } from "../../apps/list-app-page.ts";
import { publisherLabel, publisherNames } from "../../apps/publisher-names.ts";
import type { Principal } from "../../auth/principal.ts";
import { projectOfPrincipal } from "../../auth/project-of-principal.ts";
import { ServiceError } from "../../errors/service-error.ts";
import { getInstallationToChange } from "../../installations/get-installation-to-change.ts";
import { listInstallationPage, updateInstallation } from "../../installations/installation-store.ts";
import { showInstallation } from "../../installations/show-installation.ts";
import { uninstallInstallation } from "../../installations/uninstall-installation.ts";
import type { ServiceContext } from "../../service-context.ts";
import { type PortalAnswer, type PortalRoute, page, redirect, sessionOf } from "../portal-route.ts";
import { confirmStep } from "./confirm-step.ts";
import { installationPath } from "./installation-paths.ts";
import { PAGE_SIZE, pagerOf, readPageNumber } from "./pager.ts";

/** How a published App appears in the marketplace. */
export function toListing(app: AppJson, publisher: string) {
  return {
    slug: app.slug,
    publisher,
    name: app.manifest.name,
    icon: app.manifest.icon ?? "puzzle-piece",
    category: app.manifest.category ?? "other",
    description: app.manifest.description,
    setup: app.manifest.setup_instructions ?? [],
  };
}

const INSTALLATIONS_PAGE = "installations_page";

async function installationsOf(context: ServiceContext, principal: Principal, number: number) {
  const offset = (number - 1) * PAGE_SIZE;
  const scope = { organizationId: principal.organizationId, projectId: await projectOfPrincipal(context, principal) };
  const { items: rows, total } = await listInstallationPage(context.store.db, scope, { offset, limit: PAGE_SIZE });
  const items = await Promise.all(
    rows.map(async (row) => {
      const installation = await showInstallation(context, row);
      const app = await findAppBySlug(context.store.db, installation.app);
      return {
        id: installation.id,
        app: installation.app,
        inboundUrl: installation.inbound_url,
        health: app?.health_status ?? "unknown",
        frontDesk: installation.front_desk,
        needsReauth: installation.needs_reauth.length > 0,
        actionNeeded: installation.action_needed !== null,
      };
    }),
  );
  const pager = pagerOf("/marketplace", number, total, { parameter: INSTALLATIONS_PAGE, label: "Installation pages" });
  return { items, pager };
}

/** The marketplace page, with a notice from the last action. */
export async function marketplacePage(
  context: ServiceContext,
  principal: Principal,
  options: { page: number; installationsPage: number; notice?: string | undefined },
): Promise<PortalAnswer> {
  const offset = (options.page - 1) * PAGE_SIZE;
  const [published, installations] = await Promise.all([
    listAppPage(context, principal, { scope: "published", offset, limit: PAGE_SIZE }),
    installationsOf(context, principal, options.installationsPage),
  ]);
  const publishers = await publisherNames(
    context.store.db,
    published.items.map((app) => app.organization_id),
  );
  return page(
    "marketplace",
    { title: "Marketplace", section: "marketplace" },
    {
      notice: options.notice,
      apps: published.items.map((app) =>
        toListing(app, publisherLabel(publishers, app.organization_id, principal.organizationId)),
      ),
      pager: pagerOf("/marketplace", options.page, published.total, { label: "Published App pages" }),
      installations: installations.items,
      installationsPager: installations.pager,
    },
  );
}

function noticeOf(query: URLSearchParams): string | undefined {
  if (query.get("installed") !== null) return "Installed.";
  if (query.get("uninstalled") !== null) return "Uninstalled.";
  return undefined;
}

/** `GET /marketplace`. */
export const marketplace: PortalRoute = {
  method: "GET",
  pattern: "/marketplace",
  signedIn: true,
  async handle(request, context) {
    const notice = noticeOf(request.query);
    return marketplacePage(context, sessionOf(request).principal, {
      page: readPageNumber(request.query),
      installationsPage: readPageNumber(request.query, INSTALLATIONS_PAGE),
      notice,
    });
  },
};

/** `POST /marketplace/installations/:id/front-desk`: the installation's front-desk toggle. */
export const toggleFrontDesk: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/front-desk",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const wanted = request.form.get("front_desk");
    if (wanted !== "on" && wanted !== "off") {
      throw new ServiceError("invalid_request", "front_desk: expected on or off");
    }
    const row = await getInstallationToChange(context, principal, request.params.id ?? "");
    if (row.state !== "active") throw new ServiceError("conflict", `Installation ${row.id} is uninstalled.`);
    await updateInstallation(context.store.db, row.id, { frontDesk: wanted === "on", now: context.now() });
    // The installation's own page posts `back`, and gets its page again (D382).
    if (request.form.get("back") === "installation")
      return redirect(`${installationPath(row.id)}?front_desk=${wanted}`);
    return redirect("/marketplace");
  },
};

/** `POST /marketplace/installations/:id/uninstall`: the same uninstall as `DELETE /api/v1/installations/{id}` (D290). */
export const uninstall: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/uninstall",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const row = await getInstallationToChange(context, principal, request.params.id ?? "");
    if (row.state === "active") {
      const { app } = await showInstallation(context, row);
      const confirm = confirmStep(request, {
        title: `Uninstall ${app} installation ${row.id}`,
        section: "marketplace",
        heading: `Uninstall ${app} installation ${row.id}?`,
        message:
          "Its inbound URL then answers 410 to the platform, its deliveries, syncs and health polling stop, and the Skill it created is removed. A new install gets a new inbound URL.",
        action: `/marketplace/installations/${row.id}/uninstall`,
        button: "Uninstall",
        back: installationPath(row.id),
      });
      if (confirm !== undefined) return confirm;
    }
    await uninstallInstallation(context, principal, row.id);
    return redirect("/marketplace?uninstalled=1");
  },
};

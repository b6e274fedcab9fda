import { installationUpgradeSchema } from "@adapterkit/contract";
import { getManagedApp } from "../../apps/authorize-app-management.ts";
import { publishApp } from "../../apps/publish-app.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { moveInstallationsBack } from "../../installations/upgrade-installations.ts";
import { parseIdParam } from "../../store/storable-id.ts";
import { cancelUpgrade, withdrawActiveUpgrade } from "../../upgrades/cancel-upgrade.ts";
import { startUpgrade } from "../../upgrades/start-upgrade.ts";
import { type PortalRoute, redirect, sessionOf } from "../portal-route.ts";
import { appPage } from "./app-view.ts";
import { confirmStep } from "./confirm-step.ts";

const SHARES = ["all", "percent", "count"] as const;

/** `POST /developer/apps/:slug/publish` (D450): publish the approved version the form names. */
export const publishVersion: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/publish",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const given = Number(request.form.get("version") ?? "");
    try {
      const app = await publishApp(context, principal, slug, Number.isInteger(given) && given > 0 ? given : undefined);
      const notice = `Version ${app.published_version} is published: new installations get it. Existing ones stay where they are until you move them (Release, below).`;
      return appPage(context, principal, slug, { notice });
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return appPage(context, principal, slug, { releaseError: error.message }, 409);
    }
  },
};

/**
 * `POST /developer/apps/:slug/installations/upgrade` (D451, D455): all installations or a share (a percentage or a
 * number) move to the published version, after a confirmation page naming what happens.
 */
export const upgradeInstallationsPage: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/installations/upgrade",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const share = SHARES.find((value) => value === request.form.get("share")) ?? "all";
    const amountText = (request.form.get("amount") ?? "").trim();
    const amount = Number(amountText);
    const body = share === "all" ? {} : share === "percent" ? { percent: amount } : { count: amount };
    const parsed = installationUpgradeSchema.safeParse(body);
    if (!parsed.success || (share !== "all" && amountText === "")) {
      const why = share === "percent" ? "a whole percentage from 1 to 100" : "a whole number from 1 to 10000";
      const upgradeError = `Give ${why} for the share, or choose All.`;
      return appPage(context, principal, slug, { upgradeError, upgradeValue: amountText }, 400);
    }
    const app = await getManagedApp(context.store.db, principal, slug);
    const which =
      share === "all"
        ? "every installation"
        : share === "percent"
          ? `${amount}% of the installations`
          : `at most ${amount} installations`;
    const confirm = confirmStep(request, {
      title: `Move installations of ${slug}`,
      section: "developer",
      heading: `Move ${which} on an older version to version ${app.published_version}?`,
      message:
        "The upgrade runs in the background; this App's page shows its progress and what it did with each installation, and you can cancel it there. Each is verified again with its own credentials first. One that lacks a credential the new version requires, or whose credentials the adapter refuses, stays where it is and shows “action needed” on its page. You can move them back afterwards.",
      action: `/developer/apps/${slug}/installations/upgrade`,
      button: "Move installations",
      back: `/developer/apps/${slug}#release-heading`,
      fields: [
        { name: "share", value: share },
        { name: "amount", value: amountText },
      ],
    });
    if (confirm !== undefined) return confirm;
    try {
      const job = await startUpgrade(context, principal, slug, parsed.data);
      return redirect(`/developer/apps/${encodeURIComponent(slug)}?upgrade=${job.id}#upgrade-jobs-heading`);
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return appPage(context, principal, slug, { upgradeError: error.message }, 409);
    }
  },
};

/** `POST /developer/apps/:slug/upgrades/:id/cancel` (D582): the rest of the job's installations stay where they are. */
export const cancelUpgradePage: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/upgrades/:id/cancel",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    try {
      const job = await cancelUpgrade(context, principal, slug, parseIdParam(request.params.id) ?? 0);
      return redirect(`/developer/apps/${encodeURIComponent(slug)}?upgrade=${job.id}#upgrade-jobs-heading`);
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return appPage(context, principal, slug, { upgradeError: error.message }, 409);
    }
  },
};

/** `POST /developer/apps/:slug/installations/move-back` (D454): the moved ones back, after a confirmation page. */
export const moveBackPage: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/installations/move-back",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const app = await getManagedApp(context.store.db, principal, slug);
    const confirm = confirmStep(request, {
      title: `Move installations of ${slug} back`,
      section: "developer",
      heading: `Move the installations moved to version ${app.published_version} back?`,
      message:
        "Each returns to the version it was on before the upgrade, and every “action needed” mark of this App is cleared; an upgrade still running is cancelled first. New installations still get the published version.",
      action: `/developer/apps/${slug}/installations/move-back`,
      button: "Move installations back",
      back: `/developer/apps/${slug}#release-heading`,
    });
    if (confirm !== undefined) return confirm;
    try {
      const withdrawn = await withdrawActiveUpgrade(context, app.id);
      const result = await moveInstallationsBack(context, principal, slug);
      const stopped = withdrawn === undefined ? "" : ` Upgrade ${withdrawn} was cancelled first.`;
      const notice = `Moved ${result.moved} installation(s) back from version ${result.version}${result.remaining > 0 ? `; ${result.remaining} remain (move back again)` : ""}.${stopped}`;
      return appPage(context, principal, slug, { notice });
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return appPage(context, principal, slug, { upgradeError: error.message }, 409);
    }
  },
};

import { adapterBaseUrlSchema } from "@adapterkit/contract";
import { checkAppSigning } from "../../apps/check-app-signing.ts";
import { editAppBaseUrl } from "../../apps/edit-app-base-url.ts";
import { getOwnApp } from "../../apps/find-app.ts";
import { refreshAppBySlug } from "../../apps/refresh-app-by-slug.ts";
import { showApp } from "../../apps/show-app.ts";
import { signingSecretOf } from "../../apps/signing-secret-of.ts";
import { verifyAppCredentials } from "../../apps/verify-app-credentials.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { parseIdParam } from "../../store/storable-id.ts";
import { readCredentialForm } from "../credential-form.ts";
import { describeManifestChanges } from "../manifest-changes.ts";
import { type PortalRoute, sessionOf } from "../portal-route.ts";
import { appPage } from "./app-view.ts";
import { confirmStep } from "./confirm-step.ts";

/** `GET /developer/apps/:slug`. */
export const appDetail: PortalRoute = {
  method: "GET",
  pattern: "/developer/apps/:slug",
  signedIn: true,
  async handle(request, context) {
    const upgrade = parseIdParam(request.query.get("upgrade") ?? undefined);
    // D580: where starting or cancelling an upgrade lands; the job's state is in the Upgrades part of Release.
    const notice =
      upgrade === undefined ? undefined : `Upgrade ${upgrade}: its progress and results are under Upgrades, below.`;
    return appPage(context, sessionOf(request).principal, request.params.slug ?? "", { notice });
  },
};

/** `POST /developer/apps/:slug/signing-secret/rotate`: the new secret, shown on this answer only. */
export const rotateSecret: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/signing-secret/rotate",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const app = await showApp(context, principal, await getOwnApp(context.store.db, principal, slug));
    const confirm = confirmStep(request, {
      title: `Rotate the signing secret of ${app.name}`,
      section: "developer",
      heading: `Rotate the signing secret of ${app.name}?`,
      message:
        "A new secret signs every call from now on; the current one keeps working for a day, so set the new one as the adapter's ADAPTER_SIGNING_SECRET within that day.",
      action: `/developer/apps/${slug}/signing-secret/rotate`,
      button: "Rotate signing secret",
      back: `/developer/apps/${slug}#secret-heading`,
    });
    if (confirm !== undefined) return confirm;
    const rotated = await signingSecretOf(context, principal, slug, { rotate: true });
    const notice = "The signing secret was rotated; the previous one keeps working for a day.";
    return appPage(context, principal, slug, { notice, shownSecret: rotated.secret, secretRotated: true });
  },
};

/** `POST /developer/apps/:slug/signing-secret/show`: the current secret, on this answer only (masked elsewhere). */
export const showSecret: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/signing-secret/show",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const current = await signingSecretOf(context, principal, slug, { rotate: false });
    return appPage(context, principal, slug, { shownSecret: current.secret });
  },
};

/**
 * `POST /developer/apps/:slug/signing-secret/check`: an unsigned and a signed call to the adapter (D590); the page again
 * with what they showed, and the checklist's first step ticked only when the adapter checked the signature.
 */
export const checkSigning: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/signing-secret/check",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    try {
      const signingCheck = await checkAppSigning(context, principal, slug);
      return appPage(context, principal, slug, { signingCheck });
    } catch (error) {
      // A base URL the outbound guard refuses is the App's problem, said on its page.
      if (!isServiceError(error) || error.code === "not_found" || error.code === "forbidden") throw error;
      const signingCheck = { ok: false, outcome: "inconclusive" as const, detail: error.message };
      return appPage(context, principal, slug, { signingCheck }, 422);
    }
  },
};

/** `POST /developer/apps/:slug/verify`: the adapter's verdict on the credentials typed in. */
export const verifyApp: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/verify",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const app = await showApp(context, principal, await getOwnApp(context.store.db, principal, slug));
    const input = readCredentialForm(app.manifest.credentials ?? [], request.form);
    try {
      const { user } = await verifyAppCredentials(context, principal, slug, input);
      const message = `Verified: the adapter accepted the credentials${user ? ` as ${user}` : ""}.`;
      return appPage(context, principal, slug, { verifyResult: { ok: true, message } });
    } catch (error) {
      if (!isServiceError(error) || error.code === "not_found" || error.code === "forbidden") throw error;
      const verifyResult = { ok: false, message: error.message };
      const status = error.code === "invalid_request" ? 400 : 422;
      return appPage(context, principal, slug, { verifyResult, verifyIssues: error.errors ?? [] }, status);
    }
  },
};

/** `POST /developer/apps/:slug/refresh`: fetches the manifest again and shows what changed. */
export const refreshAppPage: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/refresh",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const before = await showApp(context, principal, await getOwnApp(context.store.db, principal, slug));
    try {
      const after = await refreshAppBySlug(context, principal, slug);
      const diff = describeManifestChanges(before.manifest, after.manifest);
      const notice = diff.length === 0 ? "Refreshed: no change." : `Refreshed: version ${after.latest_version}.`;
      return appPage(context, principal, slug, { notice, diff });
    } catch (error) {
      if (!isServiceError(error) || error.code === "not_found" || error.code === "forbidden") throw error;
      return appPage(context, principal, slug, { notice: `Refresh failed: ${error.message}` }, 422);
    }
  },
};

/** `POST /developer/apps/:slug/edit`: Edit of the listing, its base URL (the manifest is fetched there first). */
export const editApp: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps/:slug/edit",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const given = (request.form.get("base_url") ?? "").trim();
    const parsed = adapterBaseUrlSchema.safeParse(given);
    if (!parsed.success) {
      const editError = parsed.error.issues[0]?.message ?? "expected an http(s) URL";
      return appPage(context, principal, slug, { editError, editValue: given }, 400);
    }
    try {
      const before = await showApp(context, principal, await getOwnApp(context.store.db, principal, slug));
      const after = await editAppBaseUrl(context, principal, slug, parsed.data);
      const diff = describeManifestChanges(before.manifest, after.manifest);
      return appPage(context, principal, slug, { notice: `The base URL is now ${after.base_url}.`, diff });
    } catch (error) {
      if (!isServiceError(error) || error.code === "not_found" || error.code === "forbidden") throw error;
      return appPage(context, principal, slug, { editError: error.message, editValue: given }, 422);
    }
  },
};

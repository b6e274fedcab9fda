import type { AppJson, AppPreview, InstallationJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { DropsInboundCache, GroundContext } from "../context/ground-context.ts";
import type { CredentialInput } from "../credentials/read-credential-input.ts";
import { installApp } from "../installations/install-app.ts";
import { listInstallations } from "../installations/installation-store.ts";
import { showInstallation } from "../installations/show-installation.ts";
import { closeOpenReviews } from "../reviews/close-open-reviews.ts";
import { ensureOrganization, ensureProject } from "../tenancy/organizations.ts";
import { demoSigningSecrets } from "./demo-signing-secrets.ts";
import { fetchListing } from "./fetch-listing.ts";
import { findAppBySlug } from "./find-app.ts";
import { type DemoInstallOptions, installDemoApps } from "./install-demo-apps.ts";
import { listApps } from "./list-apps.ts";
import { previewApp } from "./preview-app.ts";
import { refreshAppBySlug } from "./refresh-app-by-slug.ts";
import { registerApp } from "./register-app.ts";
import { showApp } from "./show-app.ts";
import { signingSecretOf } from "./signing-secret-of.ts";
import { transitionApp } from "./transition-app.ts";
import { verifyAppCredentials } from "./verify-app-credentials.ts";

/** Who acts in a local command: an organization (created when missing) through a project of it (default "default"). */
export interface LocalActor {
  readonly organization: string;
  readonly project?: string | undefined;
}

/** Apps and installations managed from the CLI and `npm start`, acting as a project of an organization. */
export interface AppAdmin {
  preview(actor: LocalActor, baseUrl: string): Promise<AppPreview>;
  /** Registers a draft; `signingSecret` sets its secret instead of a fresh one (D123: npm start's demo Apps). */
  register(actor: LocalActor, baseUrl: string, options?: { signingSecret?: string | undefined }): Promise<AppJson>;
  refresh(actor: LocalActor, slug: string): Promise<AppJson>;
  /** The portal's Verify: who the adapter says the credentials belong to; stores nothing. */
  verify(actor: LocalActor, slug: string, credentials: CredentialInput): Promise<{ user: string | null }>;
  /** A3: the signing secret in force of one of the actor's Apps. */
  signingSecret(actor: LocalActor, slug: string): Promise<string>;
  /** Submits and passes the review at once, as the instance's operator (D118's override, D211: no conformance run). */
  publish(slug: string): Promise<AppJson>;
  list(actor: LocalActor): Promise<AppJson[]>;
  install(actor: LocalActor, request: { app: string; credentials: CredentialInput }): Promise<InstallationJson>;
  installations(actor: LocalActor): Promise<InstallationJson[]>;
  /** D123: the secrets `npm start` serves the sample adapters with (ADAPTER_SIGNING_SECRET when given). */
  demoSigningSecrets(slugs: readonly string[], wanted?: string): Promise<Map<string, string>>;
  /** D123: registers, publishes and installs the sample adapters into the actor's organization (D463: kept on a restart). */
  installDemoApps(actor: LocalActor, options: DemoInstallOptions): Promise<InstallationJson[]>;
}

/** The AppAdmin of a service. */
export function createAppAdmin(context: GroundContext & DropsInboundCache): AppAdmin {
  const { db } = context.store;
  // D176: what a local call changed (an App, an installation) is read afresh by the next inbound event.
  const forgetting =
    <Args extends unknown[], T>(change: (...args: Args) => Promise<T>) =>
    async (...args: Args): Promise<T> => {
      try {
        return await change(...args);
      } finally {
        context.inboundCache.forget();
      }
    };
  const actAs = async (actor: LocalActor): Promise<Principal & { projectId: number }> => {
    const organization = await ensureOrganization(db, actor.organization, context.now());
    const project = await ensureProject(db, organization.id, actor.project ?? "default", context.now());
    return {
      tokenId: 0,
      organizationId: organization.id,
      scope: { type: "project", projectId: project.id },
      projectId: project.id,
    };
  };
  return {
    preview: async (actor, baseUrl) => previewApp(context, await actAs(actor), baseUrl),
    register: forgetting(
      async (actor: LocalActor, baseUrl: string, options: { signingSecret?: string | undefined } = {}) => {
        const principal = await actAs(actor);
        const listing = await fetchListing(context, { baseUrl });
        const app = await registerApp(db, context.serviceKeys, {
          organizationId: principal.organizationId,
          // D584: the operator registers, not a project's token: any project of the organization manages it.
          projectId: null,
          listing,
          now: context.now(),
          signingSecret: options.signingSecret,
        });
        return showApp(context, principal, app);
      },
    ),
    refresh: forgetting(async (actor: LocalActor, slug: string) => refreshAppBySlug(context, await actAs(actor), slug)),
    verify: async (actor, slug, credentials) => verifyAppCredentials(context, await actAs(actor), slug, credentials),
    signingSecret: async (actor, slug) =>
      (await signingSecretOf(context, await actAs(actor), slug, { rotate: false })).secret,
    publish: forgetting(async (slug: string) => {
      let app = await findAppBySlug(db, slug);
      if (app === undefined) throw new Error(`no App ${slug}`);
      if (app.state === "draft" || (app.state === "published" && app.latest_version !== app.published_version)) {
        app = await transitionApp(db, app, { kind: "submit" }, context.now());
      }
      if (app.state === "in_review") {
        app = await transitionApp(db, app, { kind: "review", passed: true }, context.now());
        await closeOpenReviews(db, app.id, context.now());
      }
      return showApp(context, { organizationId: app.organization_id }, app);
    }),
    list: async (actor) => listApps(context, await actAs(actor)),
    install: forgetting(async (actor: LocalActor, request: Parameters<AppAdmin["install"]>[1]) => {
      // D338: into the actor's project, as a token of that project would install.
      return installApp(context, await actAs(actor), { app: request.app, credentials: request.credentials });
    }),
    demoSigningSecrets: (slugs, wanted) => demoSigningSecrets(context, slugs, wanted),
    installDemoApps: forgetting(async (actor: LocalActor, options: Parameters<AppAdmin["installDemoApps"]>[1]) =>
      installDemoApps(context, await actAs(actor), options),
    ),
    async installations(actor) {
      const principal = await actAs(actor);
      const rows = await listInstallations(db, principal.organizationId);
      return Promise.all(rows.map((row) => showInstallation(context, row)));
    },
  };
}

import { randomBytes } from "node:crypto";
import type { InstallationJson } from "@adapterkit/contract";
import type { Service } from "@adapterkit/service";
import type { PreviousStandIns } from "./previous-stand-ins.ts";
import type { StandInSummary } from "./stand-in-summary.ts";

/** The name of the GitHub-preset installation's entry in `demo-credentials.json`. */
export const GITHUB_WEBHOOK_ENTRY = "webhook-github";
/** The project it lives in: its own, so its credential records are not the Standard Webhooks installation's. */
export const GITHUB_WEBHOOK_PROJECT = "github";

/** The webhook App's second installation, taking deliveries as GitHub sends them, and the entry recording it. */
export interface GithubWebhook {
  readonly installation: InstallationJson;
  readonly summary: StandInSummary;
}

/**
 * Installs the webhook App a second time with the GitHub preset, in a project of its own, so a repository's webhook
 * can point at it at once. The secrets of an earlier start (from `demo-credentials.json`) are kept with the
 * installation they belong to; a fresh secret is made only when there is no installation yet.
 */
export async function installGithubWebhook(
  service: Pick<Service, "apps">,
  previous: PreviousStandIns,
): Promise<GithubWebhook> {
  const actor = { organization: "demo", project: GITHUB_WEBHOOK_PROJECT };
  const recorded = previous.get(GITHUB_WEBHOOK_ENTRY)?.credentials ?? {};
  const existing = (await service.apps.installations(actor)).find(
    (installation) => installation.app === "webhook" && installation.id === recorded.installation_id,
  );
  const kept = existing !== undefined && typeof recorded.signing_secret === "string";
  const credentials = {
    signing_secret: kept ? String(recorded.signing_secret) : randomBytes(32).toString("hex"),
    preset: "github",
    delivery_signing_secret:
      kept && typeof recorded.delivery_signing_secret === "string"
        ? recorded.delivery_signing_secret
        : `whsec_${randomBytes(32).toString("base64")}`,
  };
  const installation = kept
    ? existing
    : await service.apps.install(actor, {
        app: "webhook",
        credentials: {
          webhook_signing_secret: credentials.signing_secret,
          webhook_options: { preset: "github", delivery_signing_secret: credentials.delivery_signing_secret },
        },
      });
  return {
    installation,
    summary: {
      adapter: GITHUB_WEBHOOK_ENTRY,
      url: installation.inbound_url,
      what: "the webhook App with the GitHub preset: a repository's webhook posts here (content type application/json, the secret below)",
      credentials: { ...credentials, installation_id: installation.id },
    },
  };
}

import type { AppJson } from "@adapterkit/contract";
import { CliError, defineCommand } from "adapterkit/command-line";
import { withLocalService } from "../open-local-service.ts";
import { readCredentialsArg } from "./install.ts";

const ACTIONS = ["register", "refresh", "verify", "list", "publish"] as const;

function describeApp(app: AppJson): string {
  const published = app.published_version === null ? "" : `, published v${app.published_version}`;
  return `${app.slug.padEnd(20)} ${app.state.padEnd(10)} v${app.latest_version}${published}  health ${app.health.status}  ${app.base_url}`;
}

/**
 * `adapterkit-service apps register <base_url> [--yes] | refresh <slug> | verify <slug> [--credentials] | list | publish <slug>`
 * (A1): register shows the preview and creates the draft only with --yes (printing its signing secret), refresh adds
 * a version when the manifest changed, verify is the portal's Verify (the adapter's verdict on the credentials,
 * nothing stored), publish passes the review as the instance's operator (D118). ADAPTERKIT_ALLOWED_HOSTS applies.
 *
 * @example adapterkit-service apps register http://localhost:3100/chat --organization acme --yes
 */
export const appsCommand = defineCommand({
  command: "apps <action> [target]",
  describe: "Register, refresh, verify, list or publish Apps (register previews unless --yes)",
  positional: {
    action: { describe: ACTIONS.join("|"), type: "string", demandOption: true },
    target: { describe: "The base URL (register) or slug (refresh, verify, publish)", type: "string" },
  },
  options: {
    organization: { type: "string", default: "demo", describe: "The author's organization (created when missing)" },
    yes: { type: "boolean", default: false, describe: "register: create the draft after the preview" },
    credentials: { type: "string", default: "{}", describe: "verify: JSON object by credential key, or @file" },
  },
  handler: async (args) => {
    const action = String(args.action);
    const target = args.target === undefined ? undefined : String(args.target);
    if (!(ACTIONS as readonly string[]).includes(action))
      throw new CliError("usage", `unknown action "${action}"; use ${ACTIONS.join(", ")}`);
    if (action !== "list" && target === undefined)
      throw new CliError("usage", `apps ${action} needs a ${action === "register" ? "base URL" : "slug"}`);
    const actor = { organization: args.organization };
    const credentials = action === "verify" ? await readCredentialsArg(args.credentials) : {};
    await withLocalService(async (service) => {
      if (action === "list") {
        for (const app of await service.apps.list(actor)) console.log(describeApp(app));
      } else if (action === "register" && !args.yes) {
        const preview = await service.apps.preview(actor, target ?? "");
        console.log(JSON.stringify(preview, null, 2));
        console.error(
          preview.slug_taken ? `the slug ${preview.slug} is taken` : "run again with --yes to create the draft",
        );
      } else if (action === "verify") {
        const { user } = await service.apps.verify(actor, target ?? "", credentials);
        console.log(`verified: the adapter accepted the credentials${user === null ? "" : ` as ${user}`}`);
      } else if (action === "register") {
        const app = await service.apps.register(actor, target ?? "");
        const secret = await service.apps.signingSecret(actor, app.slug);
        console.log(describeApp(app));
        console.error(`signing secret (set it as the adapter's ADAPTER_SIGNING_SECRET): ${secret}`);
      } else {
        console.log(
          describeApp(
            action === "refresh"
              ? await service.apps.refresh(actor, target ?? "")
              : await service.apps.publish(target ?? ""),
          ),
        );
      }
    });
  },
});

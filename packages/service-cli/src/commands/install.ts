import { readFile } from "node:fs/promises";
import type { CredentialInput } from "@adapterkit/service";
import { CliError, defineCommand } from "adapterkit/command-line";
import { withLocalService } from "../open-local-service.ts";

/** `--credentials`: a JSON object by credential key, or `@file` holding one. */
export async function readCredentialsArg(text: string): Promise<CredentialInput> {
  const json = text.startsWith("@") ? await readFile(text.slice(1), "utf8").catch(() => undefined) : text;
  if (json === undefined) throw new CliError("usage", `cannot read the credentials file ${text.slice(1)}`);
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as CredentialInput;
  } catch {
    // reported below
  }
  throw new CliError("usage", "--credentials must be a JSON object by credential key, or @file holding one");
}

/**
 * `adapterkit-service install <slug> --organization O [--project P] [--credentials JSON|@file]` (A4): checks the credentials
 * with the adapter's /verify, then stores them sealed and prints the installation.
 *
 * @example adapterkit-service install chat --organization acme --credentials '{"chat_bot_token":"xoxb-…"}'
 */
export const installCommand = defineCommand({
  command: "install <app>",
  describe: "Install an App into an organization (its /verify checks the credentials first)",
  positional: { app: { describe: "The App's slug", type: "string", demandOption: true } },
  options: {
    organization: { type: "string", default: "demo", describe: "Organization name (created when missing)" },
    project: {
      type: "string",
      describe: 'Install into this project (created when missing); the organization\'s "default" project otherwise',
    },
    credentials: { type: "string", default: "{}", describe: "JSON object by credential key, or @file" },
  },
  handler: async (args) => {
    const credentials = await readCredentialsArg(args.credentials);
    const actor = { organization: args.organization, project: args.project };
    await withLocalService(async (service) => {
      const installation = await service.apps.install(actor, {
        app: String(args.app),
        credentials,
      });
      console.log(installation.id);
      console.error(
        `installed ${installation.app} v${installation.app_version} (verified as ${installation.verified_user ?? "—"}); inbound URL ${installation.inbound_url}`,
      );
    });
  },
});

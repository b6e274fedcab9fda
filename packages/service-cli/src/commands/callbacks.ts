import { CliError, defineCommand } from "adapterkit/command-line";
import { withLocalService } from "../open-local-service.ts";

/**
 * `adapterkit-service callbacks secret --organization O [--rotate]`: prints the secret that signs an organization's
 * callbacks (D25), created on first use, or replaces it with a fresh one first. Safe beside a running service:
 * it opens the store through `withLocalService`, without the instance lock or any background loop.
 *
 * @example adapterkit-service callbacks secret --organization demo --rotate
 */
export const callbacksCommand = defineCommand({
  command: "callbacks <action>",
  describe: "Show or rotate an organization's callback signing secret (printed on stdout)",
  positional: { action: { describe: "secret", type: "string", demandOption: true } },
  options: {
    organization: { type: "string", demandOption: true, describe: "Organization name (must exist)" },
    rotate: { type: "boolean", default: false, describe: "Replace the secret with a fresh one first" },
  },
  handler: async (args) => {
    if (args.action !== "secret") throw new CliError("usage", `unknown action "${String(args.action)}"; use secret`);
    await withLocalService(async (service) => {
      const organization = await service.findOrganization(args.organization);
      if (organization === undefined) {
        throw new CliError("usage", `no organization named "${args.organization}"`);
      }
      const shown = args.rotate
        ? await service.rotateCallbackSecret(organization.id)
        : await service.showCallbackSecret(organization.id);
      process.stdout.write(`${shown.secret}\n`);
      process.stderr.write(
        `callback secret of organization "${organization.name}" (id ${organization.id}), in force since ` +
          `${shown.created_at}${overlap(shown.previous_secret_expires_at)}.\n`,
      );
    });
  },
});

function overlap(previousExpiresAt: string | null): string {
  return previousExpiresAt === null ? "" : `; the secret it replaced also signs until ${previousExpiresAt}`;
}

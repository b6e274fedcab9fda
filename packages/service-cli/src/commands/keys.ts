import { rotateServiceKey, serviceOptionsFromEnv } from "@adapterkit/service";
import { CliError, defineCommand } from "adapterkit/command-line";

/**
 * `adapterkit-service keys rotate` (D116): re-seals every stored secret under a new service key. With ADAPTERKIT_SECRET_KEY,
 * list the new key first and the old after (`new,old`); otherwise a new key is generated into the data dir. On
 * SQLite it refuses while a service runs on the data dir.
 *
 * @example ADAPTERKIT_SECRET_KEY="$NEW,$OLD" adapterkit-service keys rotate
 */
export const keysCommand = defineCommand({
  command: "keys <action>",
  describe: "Rotate the service key: re-seal every stored secret under a new key",
  positional: { action: { describe: "rotate", type: "string", demandOption: true } },
  options: {},
  handler: async (args) => {
    if (args.action !== "rotate") throw new CliError("usage", `unknown action "${String(args.action)}"; use rotate`);
    const options = serviceOptionsFromEnv();
    try {
      const rotated = await rotateServiceKey(options);
      const counts = Object.entries(rotated.resealed)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(", ");
      console.log(rotated.keyId);
      console.error(
        `re-sealed ${counts} under key ${rotated.keyId}; ` +
          (rotated.wroteKeyFile
            ? "the data dir's service.key now holds only the new key."
            : "drop the older keys from ADAPTERKIT_SECRET_KEY now."),
      );
    } catch (error) {
      throw new CliError("failed", error instanceof Error ? error.message : String(error), { cause: error });
    }
  },
});

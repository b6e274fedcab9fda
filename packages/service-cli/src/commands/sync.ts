import { setTimeout as sleep } from "node:timers/promises";
import { CliError, defineCommand } from "adapterkit/command-line";
import { withLocalService } from "../open-local-service.ts";
import { renderSyncProgress } from "./render-sync-progress.ts";

/**
 * `adapterkit-service sync <installation> [--path /docs] [--reset]` (A12): syncs an installation's document source now and
 * shows its progress: a bar redrawn in place on a terminal, a line per change otherwise. Exit 1 when it fails.
 *
 * @example adapterkit-service sync inst_3q2Xb9pLwQk7RrT1vYzA0c --path /docs
 */
export const syncCommand = defineCommand({
  command: "sync <installation>",
  describe: "Sync an installation's document source now, with a progress bar",
  positional: { installation: { describe: "The installation's id (inst_…)", type: "string", demandOption: true } },
  options: {
    path: { type: "string", describe: "Set the folder to sync first (resource_path); a new one starts over" },
    reset: { type: "boolean", default: false, describe: "Start over: clear the cursor and the documents first" },
  },
  handler: async (args) => {
    const installationId = String(args.installation);
    return withLocalService(async (service) => {
      if (args.path !== undefined || args.reset) {
        const current = args.path ?? (await service.sources.show(installationId)).resource_path;
        await service.sources.configure(installationId, current, args.reset);
      }
      await service.sources.show(installationId);
      const started = await service.sources.syncNow(installationId);
      if (started === undefined) throw new CliError("failed", `a sync of ${installationId} is already running`);
      const tty = process.stderr.isTTY === true;
      let shown = "";
      for (;;) {
        const sync = await service.sources.showSync(started.id);
        const line = renderSyncProgress(sync);
        if (line !== shown) process.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
        shown = line;
        if (sync.state !== "running") {
          if (tty) process.stderr.write("\n");
          for (const error of sync.errors) console.error(`error: ${error}`);
          console.log(JSON.stringify(sync));
          return sync.state === "succeeded" ? 0 : 1;
        }
        await sleep(200);
      }
    });
  },
});

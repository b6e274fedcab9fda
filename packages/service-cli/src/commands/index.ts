import type { CommandModule } from "yargs";
import { appsCommand } from "./apps.ts";
import { callbacksCommand } from "./callbacks.ts";
import { installCommand } from "./install.ts";
import { keysCommand } from "./keys.ts";
import { serveCommand } from "./serve.ts";
import { syncCommand } from "./sync.ts";
import { tokenCommand } from "./token.ts";
import { toolServersCommand } from "./tool-servers.ts";

/** Every `adapterkit-service` command: `serve` and the operator commands that open the service's store (D430). */
export const SERVICE_COMMANDS: CommandModule[] = [
  serveCommand,
  tokenCommand,
  callbacksCommand,
  appsCommand,
  installCommand,
  syncCommand,
  toolServersCommand,
  keysCommand,
];

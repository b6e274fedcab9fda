import type { CommandModule } from "yargs";
import { appsCommand } from "./apps.ts";
import { callbacksCommand } from "./callbacks.ts";
import { captureCommand } from "./capture.ts";
import { conformanceCommand } from "./conformance.ts";
import { devCommand } from "./dev.ts";
import { installCommand } from "./install.ts";
import { keysCommand } from "./keys.ts";
import { newCommand } from "./new.ts";
import { schemasCommand } from "./schemas.ts";
import { serveCommand } from "./serve.ts";
import { syncCommand } from "./sync.ts";
import { tokenCommand } from "./token.ts";
import { toolServersCommand } from "./tool-servers.ts";

/** Every `adapterkit` command. */
export const COMMANDS: CommandModule[] = [
  serveCommand,
  conformanceCommand,
  captureCommand,
  devCommand,
  newCommand,
  tokenCommand,
  callbacksCommand,
  appsCommand,
  installCommand,
  syncCommand,
  toolServersCommand,
  keysCommand,
  schemasCommand,
];

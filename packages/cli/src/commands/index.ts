import type { CommandModule } from "yargs";
import { schemasCommand } from "./schemas.ts";
import { serveCommand } from "./serve.ts";

/** Every `adapterkit` command. */
export const COMMANDS: CommandModule[] = [serveCommand, schemasCommand];

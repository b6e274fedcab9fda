import type { CommandModule } from "yargs";
import { schemasCommand } from "./schemas.ts";

/** Every `adapterkit` command. */
export const COMMANDS: CommandModule[] = [schemasCommand];

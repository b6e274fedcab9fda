import type { CommandModule } from "yargs";
import { captureCommand } from "./capture.ts";
import { conformanceCommand } from "./conformance.ts";
import { devCommand } from "./dev.ts";
import { newCommand } from "./new.ts";
import { schemasCommand } from "./schemas.ts";

/**
 * Every `adapterkit` command: what an adapter author runs. The service's commands are `adapterkit-service`'s
 * (D430), so nothing here may import `@adapterkit/service` or a sample adapter.
 */
export const COMMANDS: CommandModule[] = [conformanceCommand, captureCommand, devCommand, newCommand, schemasCommand];

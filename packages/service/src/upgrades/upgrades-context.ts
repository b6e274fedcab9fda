import type { ServiceContext } from "../service-context.ts";

/** The part of the service the upgrade routes and worker use; a test of them builds only this. */
export type UpgradesContext = Pick<
  ServiceContext,
  "store" | "serviceKeys" | "outbound" | "adapterCalls" | "adapterTimeouts" | "logger" | "now" | "upgrades"
>;

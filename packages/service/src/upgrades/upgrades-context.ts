import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the upgrade routes and worker use; a test of them builds only this. */
export type UpgradesContext = Pick<
  GroundContext,
  "store" | "serviceKeys" | "outbound" | "adapterCalls" | "adapterTimeouts" | "logger" | "now" | "upgrades"
>;

import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the installation routes use; a test of them builds only this. */
export type InstallationsContext = Pick<
  GroundContext,
  "store" | "serviceKeys" | "outbound" | "adapterCalls" | "adapterTimeouts" | "logger" | "now" | "publicUrl"
>;

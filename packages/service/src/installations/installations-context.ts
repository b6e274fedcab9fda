import type { ServiceContext } from "../service-context.ts";

/** The part of the service the installation routes use; a test of them builds only this. */
export type InstallationsContext = Pick<
  ServiceContext,
  "store" | "serviceKeys" | "outbound" | "adapterCalls" | "adapterTimeouts" | "logger" | "now" | "publicUrl"
>;

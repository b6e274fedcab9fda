import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the App routes use; a test of them builds only this. */
export type AppsContext = Pick<
  GroundContext,
  "store" | "serviceKeys" | "outbound" | "adapterCalls" | "adapterTimeouts" | "logger" | "now"
>;

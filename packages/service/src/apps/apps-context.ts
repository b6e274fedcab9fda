import type { ServiceContext } from "../service-context.ts";

/** The part of the service the App routes use; a test of them builds only this. */
export type AppsContext = Pick<
  ServiceContext,
  "store" | "serviceKeys" | "outbound" | "adapterCalls" | "adapterTimeouts" | "logger" | "now"
>;

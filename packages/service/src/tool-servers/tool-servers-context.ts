import type { ServiceContext } from "../service-context.ts";

/** The part of the service the tool server routes use; a test of them builds only this. */
export type ToolServersContext = Pick<ServiceContext, "store" | "outbound" | "serviceKeys" | "now">;

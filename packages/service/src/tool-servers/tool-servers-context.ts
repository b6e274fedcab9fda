import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the tool server routes use; a test of them builds only this. */
export type ToolServersContext = Pick<GroundContext, "store" | "outbound" | "serviceKeys" | "now">;

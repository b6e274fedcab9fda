import type { ServiceContext } from "../service-context.ts";

/** The part of the service the source and document routes use; a test of them builds only this. */
export type SourcesContext = Pick<ServiceContext, "store" | "now" | "sources">;

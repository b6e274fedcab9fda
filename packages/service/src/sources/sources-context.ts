import type { GroundContext } from "../context/ground-context.ts";
import type { SyncOnDemand } from "./sync-on-demand.ts";

/** The part of the service the source and document routes use; a test of them builds only this. */
export type SourcesContext = Pick<GroundContext, "store" | "now"> & { readonly sources: SyncOnDemand };

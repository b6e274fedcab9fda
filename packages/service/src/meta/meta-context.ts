import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the liveness, readiness and OpenAPI routes use; a test of them builds only this. */
export type MetaContext = Pick<GroundContext, "store">;

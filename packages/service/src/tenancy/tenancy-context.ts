import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the organization, project and API token routes use; a test of them builds only this. */
export type TenancyContext = Pick<GroundContext, "store" | "now">;

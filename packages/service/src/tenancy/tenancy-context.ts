import type { ServiceContext } from "../service-context.ts";

/** The part of the service the organization, project and API token routes use; a test of them builds only this. */
export type TenancyContext = Pick<ServiceContext, "store" | "now">;

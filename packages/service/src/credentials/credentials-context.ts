import type { ServiceContext } from "../service-context.ts";

/** The part of the service the credential routes use; a test of them builds only this. */
export type CredentialsContext = Pick<ServiceContext, "store">;

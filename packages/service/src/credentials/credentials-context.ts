import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the credential routes use; a test of them builds only this. */
export type CredentialsContext = Pick<GroundContext, "store">;

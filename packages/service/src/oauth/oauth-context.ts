import type { ServiceContext } from "../service-context.ts";

/** The part of the service the OAuth routes use; a test of them builds only this. */
export type OAuthContext = Pick<
  ServiceContext,
  | "store"
  | "serviceKey"
  | "serviceKeys"
  | "outbound"
  | "adapterCalls"
  | "adapterTimeouts"
  | "logger"
  | "now"
  | "publicUrl"
>;

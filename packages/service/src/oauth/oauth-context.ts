import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the OAuth routes use; a test of them builds only this. */
export type OAuthContext = Pick<
  GroundContext,
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

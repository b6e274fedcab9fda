/** Which adapter to call, as whom: its base URL, the App's signing secrets (none while unregistered) and context. */
export interface AdapterTarget {
  /** Counted under this App (A7); undefined while registering, before an App exists. */
  readonly appId?: number | undefined;
  readonly baseUrl: string;
  /** The secret in force first, then one being rotated out (D103); empty sends no signature. */
  readonly signingSecrets?: readonly string[];
  readonly organizationId?: number | undefined;
  readonly projectId?: number | null | undefined;
}

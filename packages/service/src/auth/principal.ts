/** What an API token may reach inside its organization (D16). */
export type TokenScope =
  | { readonly type: "project"; readonly projectId: number }
  | { readonly type: "workflow"; readonly workflowId: number };

/** The caller behind a valid API token. */
export interface Principal {
  readonly tokenId: number;
  readonly organizationId: number;
  readonly scope: TokenScope;
}

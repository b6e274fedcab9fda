import { z } from "zod";

/** Credentials as the service sends them: every stored field, named per each definition's `maps_to`. */
export const credentialsSchema = z
  .record(z.string(), z.unknown())
  .meta({ description: "Every field of the linked credential record, named per maps_to." });

export type Credentials = z.infer<typeof credentialsSchema>;

/** Context headers the service sends on every adapter request (contract.md#context-headers). */
export const CONTEXT_HEADERS = {
  organizationId: "x-organization-id",
  projectId: "x-project-id",
  requestId: "x-request-id",
} as const;

import { z } from "zod";
import { idSchema, instantSchema, withoutControls } from "./common.ts";

/** The body of `POST /api/v1/installations/{id}/source` (A12, D164). */
export const sourceConfigureSchema = z
  .strictObject({
    resource_path: withoutControls(z.string().min(1).max(1024)).meta({
      description: "The folder the adapter lists, e.g. /docs.",
    }),
    reset: z
      .boolean()
      .default(false)
      .meta({ description: "Start over: clear the cursor and the documents (also implied by a new folder)." }),
  })
  .meta({ title: "Source configure request", examples: [{ resource_path: "/docs" }] });

/** One sync of a source: its progress while running, its outcome after (A12). */
export const sourceSyncSchema = z
  .object({
    id: idSchema,
    installation_id: z.string(),
    reason: z.enum(["manual", "schedule"]),
    state: z.enum(["running", "succeeded", "failed", "interrupted"]).meta({
      description: "`interrupted`: its instance died; a later sync resumed from the last committed page.",
    }),
    pages: z.int().nonnegative().meta({ description: "Pages listed and committed." }),
    added: z.int().nonnegative(),
    modified: z.int().nonnegative(),
    removed: z.int().nonnegative(),
    bytes: z.int().nonnegative().meta({ description: "Bytes of the files fetched and stored." }),
    page: z
      .object({ files: z.int().nonnegative(), fetched: z.int().nonnegative() })
      .nullable()
      .meta({ description: "The page in flight: files to fetch and fetched so far; null when none is." }),
    errors: z.array(z.string()).meta({ description: "Files skipped and the failure that stopped the sync." }),
    started_at: instantSchema,
    finished_at: instantSchema.nullable(),
  })
  .meta({ title: "Source sync" });

/** An installation's document source. */
export const sourceSchema = z
  .object({
    installation_id: z.string(),
    resource_path: z.string(),
    next_sync_at: instantSchema,
    syncing: z.boolean(),
    documents: z.int().nonnegative(),
    last_sync: sourceSyncSchema.nullable(),
  })
  .meta({ title: "Source" });

/** `GET …/syncs`. */
export const sourceSyncListSchema = z.object({ items: z.array(sourceSyncSchema) }).meta({ title: "Source sync list" });

/** A synced file, without its bytes (those are at `…/content`). */
export const sourceDocumentSchema = z
  .object({
    id: idSchema,
    installation_id: z.string(),
    path: z.string(),
    fingerprint: z.string(),
    content_type: z.string(),
    size: z.int().nonnegative(),
    created_at: instantSchema,
    updated_at: instantSchema,
  })
  .meta({ title: "Source document" });

/** `GET …/documents`: by path, paged. */
export const sourceDocumentListSchema = z
  .object({ items: z.array(sourceDocumentSchema), next_cursor: z.string().nullable() })
  .meta({ title: "Source document list" });

export type SourceJson = z.infer<typeof sourceSchema>;
export type SourceSyncJson = z.infer<typeof sourceSyncSchema>;
export type SourceDocumentJson = z.infer<typeof sourceDocumentSchema>;

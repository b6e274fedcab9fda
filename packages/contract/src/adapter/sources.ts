import { z } from "zod";
import { credentialsSchema } from "./credentials.ts";

/** The three kinds of change of a document source (contract.md#change-entry). */
export const CHANGE_STATUSES = ["added", "modified", "removed"] as const;

/** `POST /sources/list-changes` request; the cursor is opaque and null on the first call. */
export const listChangesRequestSchema = z
  .object({ credentials: credentialsSchema, resource_path: z.string(), cursor: z.string().nullable() })
  .meta({ title: "List-changes request" });

/** One change; `fingerprint` is null exactly for removed files. */
export const changeEntrySchema = z
  .discriminatedUnion("status", [
    z.object({ path: z.string().min(1), fingerprint: z.string().min(1), status: z.enum(["added", "modified"]) }),
    z.object({ path: z.string().min(1), fingerprint: z.null(), status: z.literal("removed") }),
  ])
  .meta({ title: "Change entry" });

/** `POST /sources/list-changes` response: the changes and the next opaque cursor. */
export const listChangesResponseSchema = z
  .object({ changes: z.array(changeEntrySchema), cursor: z.string().min(1) })
  .meta({ title: "List-changes response" });

/** `POST /sources/fetch-file` request. */
export const fetchFileRequestSchema = z
  .object({ credentials: credentialsSchema, resource_path: z.string(), file_path: z.string().min(1) })
  .meta({ title: "Fetch-file request" });

/** D7: the JSON form of a fetched file (the other form is the bytes with their own Content-Type). */
export const fetchFileJsonResponseSchema = z
  .object({ content_base64: z.base64(), content_type: z.string().min(1).optional() })
  .meta({ title: "Fetch-file JSON response" });

/** `added`, `modified` or `removed`. */
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
/** A list-changes request as parsed. */
export type ListChangesRequest = z.infer<typeof listChangesRequestSchema>;
/** One change entry as parsed. */
export type ChangeEntry = z.infer<typeof changeEntrySchema>;
/** A list-changes response as parsed. */
export type ListChangesResponse = z.infer<typeof listChangesResponseSchema>;
/** A fetch-file request as parsed. */
export type FetchFileRequest = z.infer<typeof fetchFileRequestSchema>;
/** The JSON form of a fetched file as parsed. */
export type FetchFileJsonResponse = z.infer<typeof fetchFileJsonResponseSchema>;

import { z } from "zod";
import type { EndpointDef, ResponseDef } from "../endpoint.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import {
  sourceConfigureSchema,
  sourceDocumentListSchema,
  sourceDocumentSchema,
  sourceSchema,
  sourceSyncListSchema,
  sourceSyncSchema,
} from "./source.ts";

const installation = {
  installation_id: { description: "The installation's id.", schema: z.string().regex(/^inst_[A-Za-z0-9_-]{22}$/) },
} as const;
const syncParams = { ...installation, sync_id: { description: "The sync's id.", schema: z.int().positive() } } as const;
const documentParams = {
  ...installation,
  document_id: { description: "The document's id.", schema: z.int().positive() },
} as const;

const NOT_MANAGER = problem(
  "forbidden",
  "A workflow-scoped token cannot change a source, or a project token another project's installation.",
  "A workflow-scoped token cannot manage Apps.",
);
const EXAMPLE_SYNC = {
  id: 1,
  installation_id: "inst_3q2Xb9pLwQk7RrT1vYzA0c",
  reason: "manual",
  state: "succeeded",
  pages: 2,
  added: 4,
  modified: 0,
  removed: 0,
  bytes: 246,
  page: null,
  errors: [],
  started_at: "2026-11-25T10:00:00.000Z",
  finished_at: "2026-11-25T10:00:01.000Z",
};
const EXAMPLE_DOCUMENT = {
  id: 1,
  installation_id: "inst_3q2Xb9pLwQk7RrT1vYzA0c",
  path: "/docs/welcome.md",
  fingerprint: '"1a2b3c"',
  content_type: "text/markdown",
  size: 71,
  created_at: "2026-11-25T10:00:01.000Z",
  updated_at: "2026-11-25T10:00:01.000Z",
};
const EXAMPLE_SOURCE = {
  installation_id: EXAMPLE_SYNC.installation_id,
  resource_path: "/docs",
  next_sync_at: "2026-11-25T10:15:01.000Z",
  syncing: false,
  documents: 4,
  last_sync: EXAMPLE_SYNC,
};
const page = {
  limit: { description: "Documents per page (1–100, default 20).", schema: z.coerce.number().int().min(1).max(100) },
  cursor: { description: "The `next_cursor` of the previous page.", schema: z.string() },
} as const;

/** Document sources of installations (A12): the folder, syncs on demand, their progress, the documents. */
export const SOURCE_ENDPOINTS = [
  {
    id: "configure-source",
    method: "POST",
    path: "/api/v1/installations/{installation_id}/source",
    pathParameters: installation,
    summary: "Set the folder an installation syncs (D164); a new folder or `reset` starts the source over.",
    tags: ["sources"],
    security: BEARER,
    request: { schema: sourceConfigureSchema, example: { resource_path: "/docs" } },
    responses: {
      200: ok("The source.", sourceSchema, { ...EXAMPLE_SOURCE, last_sync: null, documents: 0 }),
      400: E[400],
      401: E[401],
      403: NOT_MANAGER,
      404: E[404],
      409: problem(
        "conflict",
        "A sync is running, or the installation is uninstalled.",
        "A sync of installation inst_… is running; try again when it ends.",
      ),
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "get-source",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/source",
    pathParameters: installation,
    summary: "An installation's source: its folder, when it syncs next, whether a sync runs, the last sync.",
    tags: ["sources"],
    security: BEARER,
    responses: { 200: ok("The source.", sourceSchema, EXAMPLE_SOURCE), 401: E[401], 404: E[404], 429: E[429] },
  },
  {
    id: "sync-installation",
    method: "POST",
    path: "/api/v1/installations/{installation_id}/sync",
    pathParameters: installation,
    summary: "Sync the installation's source now (A12); the sync runs on, and `…/syncs/{sync_id}` shows it.",
    tags: ["sources"],
    security: BEARER,
    responses: {
      202: ok("The sync, started.", sourceSyncSchema, { ...EXAMPLE_SYNC, state: "running", finished_at: null }),
      401: E[401],
      403: NOT_MANAGER,
      404: E[404],
      409: problem(
        "conflict",
        "A sync is already running, no source is set, or the installation is uninstalled.",
        "A sync of installation inst_… is already running.",
      ),
      429: E[429],
    },
  },
  {
    id: "list-syncs",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/syncs",
    pathParameters: installation,
    summary: "The source's latest syncs (up to 20), newest first.",
    tags: ["sources"],
    security: BEARER,
    responses: {
      200: ok("The syncs.", sourceSyncListSchema, { items: [EXAMPLE_SYNC] }),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-sync",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/syncs/{sync_id}",
    pathParameters: syncParams,
    summary: "One sync: its progress while it runs, then its outcome.",
    tags: ["sources"],
    security: BEARER,
    responses: { 200: ok("The sync.", sourceSyncSchema, EXAMPLE_SYNC), 401: E[401], 404: E[404], 429: E[429] },
  },
  {
    id: "list-documents",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/documents",
    pathParameters: installation,
    query: page,
    summary: "The documents synced from the source, newest first, without their bytes.",
    tags: ["sources"],
    security: BEARER,
    responses: {
      200: ok("The documents.", sourceDocumentListSchema, { items: [EXAMPLE_DOCUMENT], next_cursor: null }),
      400: E[400],
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-document",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/documents/{document_id}",
    pathParameters: documentParams,
    summary: "One document, without its bytes.",
    tags: ["sources"],
    security: BEARER,
    responses: {
      200: ok("The document.", sourceDocumentSchema, EXAMPLE_DOCUMENT),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-document-content",
    method: "GET",
    path: "/api/v1/installations/{installation_id}/documents/{document_id}/content",
    pathParameters: documentParams,
    summary: "A document's bytes exactly as the adapter returned them, with their Content-Type.",
    tags: ["sources"],
    security: BEARER,
    responses: {
      200: { description: "The bytes.", contentType: "application/octet-stream" } as ResponseDef,
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];

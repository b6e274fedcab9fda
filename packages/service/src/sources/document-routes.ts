import { ServiceError } from "../errors/service-error.ts";
import { readPageQuery, toPage } from "../http/page.ts";
import { type FeatureRoutes, principalOf, type Route } from "../http/route.ts";
import { StreamedBody } from "../http/streamed-body.ts";
import { readableInstallation } from "../installations/installation-access.ts";
import { parseIdParam } from "../store/index.ts";
import { readDocumentChunks } from "./source-blobs.ts";
import { withSourceTables } from "./source-tables.ts";
import type { SourcesContext } from "./sources-context.ts";
import { toDocumentJson } from "./to-source-json.ts";

const META = [
  "id",
  "installation_id",
  "path",
  "fingerprint",
  "content_type",
  "size",
  "created_at",
  "updated_at",
] as const;

/** `GET /api/v1/installations/{installation_id}/documents`: newest first, paged. */
export const listDocumentsRoute: Route<"list-documents", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    const { limit, before } = readPageQuery(input.query);
    let query = withSourceTables(context.store.db)
      .selectFrom("source_documents")
      .select(META)
      .where("installation_id", "=", row.id);
    if (before !== undefined) query = query.where("id", "<", before);
    const rows = await query
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    return { status: 200, body: toPage(rows, limit, toDocumentJson) };
  },
};

async function findDocument(
  context: Parameters<Route<"get-document", SourcesContext>["handler"]>[1],
  installationId: string,
  idText: string | undefined,
  withContent: boolean,
) {
  const id = parseIdParam(idText ?? "");
  const db = withSourceTables(context.store.db);
  const document =
    id === undefined
      ? undefined
      : await db
          .selectFrom("source_documents")
          .select(withContent ? [...META, "blob_id", "content"] : META)
          .where("installation_id", "=", installationId)
          .where("id", "=", id)
          .executeTakeFirst();
  if (document === undefined)
    throw new ServiceError("not_found", `No document ${idText} of installation ${installationId}.`);
  return document as typeof document & { blob_id?: string | null; content?: Uint8Array };
}

/** `GET /api/v1/installations/{installation_id}/documents/{document_id}`. */
export const getDocumentRoute: Route<"get-document", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    return { status: 200, body: toDocumentJson(await findDocument(context, row.id, input.params.document_id, false)) };
  },
};

/** `GET …/documents/{document_id}/content`: the stored bytes with their Content-Type. */
export const getDocumentContentRoute: Route<"get-document-content", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    const document = await findDocument(context, row.id, input.params.document_id, true);
    // Sent as it is read, about 1 MiB at a time: a download never holds the file whole (up to sources.maxFileBytes).
    const chunks = readDocumentChunks(context.store.db, {
      blob_id: document.blob_id ?? null,
      content: document.content,
    });
    return {
      status: 200,
      body: new StreamedBody(Number(document.size), chunks),
      headers: {
        "content-type": document.content_type,
        // A synced file is the platform's content, never a page of this origin.
        "content-disposition": "attachment",
        "content-security-policy": "sandbox",
      },
    };
  },
};

/** The routes of the documents a sync brought in. */
export const DOCUMENT_ROUTES = {
  "list-documents": listDocumentsRoute,
  "get-document": getDocumentRoute,
  "get-document-content": getDocumentContentRoute,
} satisfies FeatureRoutes<SourcesContext>;

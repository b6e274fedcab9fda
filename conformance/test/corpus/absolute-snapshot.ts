import { defineAdapter, type FetchFileHandler, type ListChangesHandler } from "@adapterkit/sdk";
import {
  confinedAbsolute,
  noSuchFile,
  readOffset,
  requireBelowDocs,
  requireDocs,
  requireToken,
  sourcesManifest,
  verifyToken,
  writeOffset,
} from "./source-kit.ts";

/**
 * A snapshot feed: every file once, as added, with the absolute path that starts with the resource, two files a
 * page, the file bytes as JSON with base64 content (D7).
 */
const manifest = sourcesManifest("Corpus absolute snapshot", "absolute-snapshot");

const FILES: Readonly<Record<string, string>> = {
  "/docs/a.md": "# A\n",
  "/docs/b.md": "# B\n",
  "/docs/c.md": "# C\n",
  "/docs/guide/d.md": "# D\n",
  "/docs/guide/e.md": "# E\n",
};
const PATHS = Object.keys(FILES);
const PAGE_SIZE = 2;

/** A content hash as the fingerprint, as a platform's etag would be. */
function fingerprintOf(content: string): string {
  return Buffer.from(content).toString("base64url");
}

const listChanges: ListChangesHandler<typeof manifest> = ({ credentials, resource_path, cursor }) => {
  requireToken(credentials.token);
  requireDocs(resource_path);
  const offset = Math.min(readOffset(cursor, credentials), PATHS.length);
  const page = PATHS.slice(offset, offset + PAGE_SIZE);
  return {
    changes: page.map((path) => ({ path, fingerprint: fingerprintOf(FILES[path] ?? ""), status: "added" as const })),
    cursor: writeOffset(offset + page.length, credentials),
  };
};

const fetchFile: FetchFileHandler<typeof manifest> = ({ credentials, resource_path, file_path }) => {
  requireToken(credentials.token);
  requireBelowDocs(resource_path);
  const content = FILES[confinedAbsolute(resource_path, file_path)];
  if (content === undefined) throw noSuchFile();
  return { content_base64: Buffer.from(content).toString("base64"), content_type: "text/markdown" };
};

export const absoluteSnapshotAdapter = defineAdapter({
  manifest,
  verify: verifyToken,
  sources: { listChanges, fetchFile },
});

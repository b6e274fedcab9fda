import { defineAdapter, type FetchFileHandler, type ListChangesHandler } from "@adapterkit/sdk";
import {
  confinedRelative,
  noSuchFile,
  readOffset,
  requireBelowDocs,
  requireDocs,
  requireToken,
  sourcesManifest,
  verifyToken,
  writeOffset,
} from "./source-kit.ts";

/** A small source listed in one page (then an empty one), relative paths, the bytes as binary. */
const manifest = sourcesManifest("Corpus one page", "one-page");

const FILES: Readonly<Record<string, string>> = { "notes.txt": "notes\n", "todo/today.txt": "ship it\n" };

const listChanges: ListChangesHandler<typeof manifest> = ({ credentials, resource_path, cursor }) => {
  requireToken(credentials.token);
  requireDocs(resource_path);
  const listed = readOffset(cursor, credentials) > 0;
  const changes = listed
    ? []
    : Object.entries(FILES).map(([path, content]) => ({
        path,
        fingerprint: `sha1-${content.length}-${path.length}`,
        status: "added" as const,
      }));
  return { changes, cursor: writeOffset(1, credentials) };
};

const fetchFile: FetchFileHandler<typeof manifest> = ({ credentials, resource_path, file_path }) => {
  requireToken(credentials.token);
  requireBelowDocs(resource_path);
  const content = FILES[confinedRelative(resource_path, file_path).slice("/docs/".length)];
  if (content === undefined) throw noSuchFile();
  return { bytes: new TextEncoder().encode(content), contentType: "text/plain; charset=utf-8" };
};

export const onePageAdapter = defineAdapter({ manifest, verify: verifyToken, sources: { listChanges, fetchFile } });

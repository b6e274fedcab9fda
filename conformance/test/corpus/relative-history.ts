import { type ChangeEntry, defineAdapter, type FetchFileHandler, type ListChangesHandler } from "@adapterkit/sdk";
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

/**
 * A Drive- or Dropbox-style change log read from the start: paths relative to the resource, a file's whole
 * history across pages (added as `e1`, modified as `e3`, another removed), two entries a page, the file bytes as
 * binary with their own Content-Type.
 */
const manifest = sourcesManifest("Corpus relative history", "relative-history");

/** The change log of `/docs`, oldest first; `content` is what the file holds after that change. */
export const HISTORY: readonly (ChangeEntry & { readonly content?: string })[] = [
  { path: "a.md", fingerprint: "e1", status: "added", content: "# A, first draft\n" },
  { path: "b.md", fingerprint: "e2", status: "added", content: "# B\n" },
  { path: "a.md", fingerprint: "e3", status: "modified", content: "# A\n\nSecond draft.\n" },
  { path: "guide/c.md", fingerprint: "e4", status: "added", content: "# C\n" },
  { path: "b.md", fingerprint: null, status: "removed" },
];
const PAGE_SIZE = 2;

/** Each path's bytes now: the content of its last change (absent once removed). */
export const CURRENT_FILES: ReadonlyMap<string, string> = HISTORY.reduce((files, change) => {
  if (change.content === undefined) files.delete(change.path);
  else files.set(change.path, change.content);
  return files;
}, new Map<string, string>());

/** Exported, with `fetchFile`, so a planted fault can reuse it. */
export const listChanges: ListChangesHandler<typeof manifest> = ({ credentials, resource_path, cursor }) => {
  requireToken(credentials.token);
  requireDocs(resource_path);
  const offset = Math.min(readOffset(cursor, credentials), HISTORY.length);
  const page = HISTORY.slice(offset, offset + PAGE_SIZE);
  return {
    changes: page.map(({ content: _content, ...change }) => change),
    cursor: writeOffset(offset + page.length, credentials),
  };
};

export const fetchFile: FetchFileHandler<typeof manifest> = ({ credentials, resource_path, file_path }) => {
  requireToken(credentials.token);
  requireBelowDocs(resource_path);
  const content = CURRENT_FILES.get(confinedRelative(resource_path, file_path).slice("/docs/".length));
  if (content === undefined) throw noSuchFile();
  return { bytes: new TextEncoder().encode(content), contentType: "text/markdown" };
};

export const relativeHistoryAdapter = defineAdapter({
  manifest,
  verify: verifyToken,
  sources: { listChanges, fetchFile },
});

import { type DavEntry, propfind } from "./propfind.ts";
import { isWithin, toSourcePath } from "./source-path.ts";
import type { WebdavSettings } from "./webdav-settings.ts";

/** A file found by {@link walkTree}. */
export interface ListedFile {
  path: string;
  /** The ETag, or (for servers that give none) the modification time and length. */
  fingerprint: string;
}

/** What {@link walkTree} found: every file below the root, or the count of files it stopped at. */
export type WalkResult = { complete: true; files: ListedFile[] } | { complete: false; filesSeen: number };

/** Options of {@link walkTree}. */
export interface WalkOptions {
  /** Stop once more files than this are seen (the caller's cursor could not hold them). */
  maxFiles: number;
  signal?: AbortSignal;
}

// A few folders at a time: fast on a deep tree without hammering the server.
const CONCURRENCY = 4;

/**
 * Lists every file below `root` with PROPFIND `Depth: 1`, folder by folder (servers often refuse `Depth:
 * infinity`). A root that is itself a file lists that file. The server's hrefs are not trusted: a child must lie
 * below the folder asked for and be a path `/sources/fetch-file` would take, each folder is asked once, and each
 * path is listed once.
 */
export async function walkTree(settings: WebdavSettings, root: string, options: WalkOptions): Promise<WalkResult> {
  const files = new Map<string, ListedFile>();
  const visited = new Set([root]);
  let pending = [root];
  while (pending.length > 0) {
    const batch = pending.slice(0, CONCURRENCY);
    pending = pending.slice(CONCURRENCY);
    const listings = await Promise.all(batch.map((folder) => listFolder(settings, folder, options.signal)));
    for (const child of listings.flat()) {
      if (!child.isCollection) {
        if (!files.has(child.path)) files.set(child.path, { path: child.path, fingerprint: fingerprintOf(child) });
      } else if (!visited.has(child.path)) {
        visited.add(child.path);
        pending.push(child.path);
      }
    }
    if (files.size > options.maxFiles) return { complete: false, filesSeen: files.size };
  }
  return { complete: true, files: [...files.values()] };
}

/**
 * A folder's children (itself left out, and anything not below it); for a file, the file itself. It asks for the
 * ETags only; a folder listing a file without one is asked again for every property, so that file is fingerprinted
 * by its modification time and length (D270).
 */
async function listFolder(settings: WebdavSettings, folder: string, signal?: AbortSignal): Promise<DavEntry[]> {
  const options = { depth: 1, ...(signal ? { signal } : {}) } as const;
  const listed = childrenOf(folder, await propfind(settings, folder, { ...options, properties: "etag" }));
  if (listed.every((entry) => entry.isCollection || entry.etag !== undefined)) return listed;
  return childrenOf(folder, await propfind(settings, folder, { ...options, properties: "all" }));
}

function childrenOf(folder: string, listed: readonly DavEntry[]): DavEntry[] {
  const self = listed.find((entry) => entry.path === folder);
  if (self !== undefined && !self.isCollection) return [self];
  return listed.filter((entry) => entry.path !== folder && isWithin(entry.path, folder) && isFetchable(entry.path));
}

/** Whether a path the server named is one this adapter would request (no `..`, backslash or control character). */
function isFetchable(path: string): boolean {
  try {
    return toSourcePath(path, "file_path") === path;
  } catch {
    return false;
  }
}

function fingerprintOf(entry: DavEntry): string {
  if (entry.etag !== undefined) return entry.etag;
  return `modified:${entry.lastModified ?? "unknown"};length:${entry.contentLength ?? "unknown"}`;
}

import { type DavEntry, propfind } from "./propfind.ts";
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
 * infinity`). A root that is itself a file lists that file.
 */
export async function walkTree(settings: WebdavSettings, root: string, options: WalkOptions): Promise<WalkResult> {
  const files: ListedFile[] = [];
  let pending = [root];
  while (pending.length > 0) {
    const batch = pending.slice(0, CONCURRENCY);
    pending = pending.slice(CONCURRENCY);
    const listings = await Promise.all(batch.map((folder) => listFolder(settings, folder, options.signal)));
    for (const children of listings) {
      for (const child of children) {
        if (child.isCollection) pending.push(child.path);
        else files.push({ path: child.path, fingerprint: fingerprintOf(child) });
      }
    }
    if (files.length > options.maxFiles) return { complete: false, filesSeen: files.length };
  }
  return { complete: true, files };
}

/** A folder's children (itself left out); for a file, the file itself. */
async function listFolder(settings: WebdavSettings, folder: string, signal?: AbortSignal): Promise<DavEntry[]> {
  const listed = await propfind(settings, folder, { depth: 1, ...(signal ? { signal } : {}) });
  const self = listed.find((entry) => entry.path === folder);
  if (self !== undefined && !self.isCollection) return [self];
  return listed.filter((entry) => entry.path !== folder);
}

function fingerprintOf(entry: DavEntry): string {
  if (entry.etag !== undefined) return entry.etag;
  return `modified:${entry.lastModified ?? "unknown"};length:${entry.contentLength ?? "unknown"}`;
}

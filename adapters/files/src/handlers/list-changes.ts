import type { ListChangesHandler } from "@adapterkit/sdk";
import { diffListing } from "../diff-listing.ts";
import { decodeListing, encodeListing, treeTooLarge } from "../listing-cursor.ts";
import type { manifest } from "../manifest.ts";
import { invalidPath, isUrlWithin, toSourcePath } from "../source-path.ts";
import { walkTree } from "../walk-tree.ts";
import { urlOf } from "../webdav-request.ts";
import { readWebdavSettings } from "../webdav-settings.ts";

// Far beyond what the cursor bound holds, so the walk stops there rather than list a huge tree to the end.
const MAX_FILES = 10_000;

/**
 * `/sources/list-changes`: walks the tree under `resource_path` and compares each file's ETag with the listing the
 * cursor carries. Every call answers one complete page, and its cursor is the fixed point: called again with it,
 * an unchanged tree lists no changes.
 */
export const listChanges: ListChangesHandler<typeof manifest> = async (
  { credentials, resource_path, cursor },
  context,
) => {
  const { signal } = context;
  const settings = readWebdavSettings(credentials, context);
  const root = toSourcePath(resource_path, "resource_path");
  if (!isUrlWithin(urlOf(settings, root), settings.baseUrl)) {
    throw invalidPath("resource_path", `${root} resolves outside base_url`);
  }
  const previous = cursor === null ? undefined : decodeListing(cursor, root, credentials);
  const walked = await walkTree(settings, root, { maxFiles: MAX_FILES, signal });
  if (!walked.complete) throw treeTooLarge(root, `more than ${MAX_FILES}`);
  return { changes: diffListing(walked.files, previous), cursor: encodeListing(walked.files, root, credentials) };
};

import { hash } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { AdapterHttpError, CursorError, decodeCursor, encodeCursor } from "@adapterkit/sdk";
import { joinSourcePath, relativeTo } from "./source-path.ts";
import type { ListedFile } from "./walk-tree.ts";
import type { FilesCredentials } from "./webdav-settings.ts";

/**
 * Largest cursor this adapter issues, in bytes. The cursor carries the whole previous listing (each path and a
 * short hash of its ETag, deflated), so this bound is what limits a source's size (see the README): 256 KiB holds
 * the 10,000 files the walk stops at when their names are short, and stays well inside a request body (1 MiB).
 */
export const FILES_CURSOR_MAX_BYTES = 262_144;

/** The previous listing a cursor carries: file path → fingerprint hash. */
export type Listing = ReadonlyMap<string, string>;

interface CursorValue {
  v: 1;
  /** The resource_path it was issued for. */
  root: string;
  /** Raw-deflated JSON, base64url, of path relative to root → {@link hashOf} its fingerprint. */
  files: string;
}

/** A 48-bit hash of a fingerprint: the cursor only needs to tell whether it changed. */
export function hashOf(fingerprint: string): string {
  // The one-shot hash: a Hash object per file was half of this for 10,000 files (D305).
  return hash("sha256", fingerprint, "base64url").slice(0, 8);
}

/**
 * Encodes a listing as a signed cursor bound to the credentials and the root; a listing too large for
 * {@link FILES_CURSOR_MAX_BYTES} is 400 naming `resource_path`, with the number of files.
 */
export function encodeListing(files: readonly ListedFile[], root: string, credentials: FilesCredentials): string {
  const listing: Record<string, string> = {};
  for (const file of files) listing[relativeTo(file.path, root)] = hashOf(file.fingerprint);
  const value: CursorValue = { v: 1, root, files: deflateRawSync(JSON.stringify(listing)).toString("base64url") };
  try {
    return encodeCursor(value, { credentials, maxBytes: FILES_CURSOR_MAX_BYTES });
  } catch (error) {
    if (error instanceof CursorError && error.code === "too_large") throw treeTooLarge(root, files.length, error);
    throw error;
  }
}

/** Decodes a cursor from {@link encodeListing}; a tampered, foreign or other-root cursor is 400 naming `cursor`. */
export function decodeListing(cursor: string, root: string, credentials: FilesCredentials): Listing {
  const decoded = decodeCursor(cursor, { credentials, maxBytes: FILES_CURSOR_MAX_BYTES });
  if (!decoded.ok) throw invalidCursor(`the cursor is refused: ${decoded.reason}`);
  const value = decoded.value as Partial<CursorValue> | null;
  if (value?.v !== 1 || typeof value.files !== "string")
    throw invalidCursor("the cursor is not one this adapter issued");
  if (value.root !== root) {
    throw invalidCursor(
      `the cursor was issued for resource_path ${JSON.stringify(value.root)}, not ${JSON.stringify(root)}`,
    );
  }
  // The signature checked out, so these are bytes this adapter deflated itself.
  const listing = JSON.parse(inflateRawSync(Buffer.from(value.files, "base64url")).toString("utf8")) as Record<
    string,
    string
  >;
  return new Map(Object.entries(listing).map(([relative, hash]) => [joinSourcePath(root, relative), hash]));
}

/** The 400 for a tree whose listing cannot fit a stateless cursor; `files` is a count, or a lower bound. */
export function treeTooLarge(root: string, files: number | string, cause?: unknown): AdapterHttpError {
  const message =
    `The tree under ${root} is too large for a stateless cursor: it has ${files} files, and its listing would ` +
    `exceed this adapter's ${FILES_CURSOR_MAX_BYTES}-byte cursor bound. Choose a smaller folder as resource_path.`;
  return new AdapterHttpError("invalid_request", message, { issues: [{ path: "/resource_path", message }], cause });
}

function invalidCursor(message: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", message, { issues: [{ path: "/cursor", message }] });
}

import { posix } from "node:path";
import { AdapterHttpError, decodeCursor, defineManifest, encodeCursor, type VerifyHandler } from "@adapterkit/sdk";
import type { Fixtures } from "../../src/fixtures/fixtures.ts";

/** The manifest every sources style shares but for its name and slug: one api_key credential, no capabilities. */
export function sourcesManifest<const Slug extends string>(name: string, slug: Slug) {
  return defineManifest({
    schema_version: "1.0",
    name,
    slug,
    category: "storage",
    credentials: [{ key: "token", type: "api_key", maps_to: "token" }],
  });
}

export type SourcesManifest = ReturnType<typeof sourcesManifest>;

/** Tokens the corpus platform knows: two organizations and a revoked one. */
const USERS: Readonly<Record<string, string>> = { "tok-corpus-good": "alpha", "tok-corpus-other": "bravo" };

/** The fixtures of every sources style: the resource `/docs`, two organizations, a revoked token. */
export const SOURCES_FIXTURES: Fixtures = {
  credentials: {
    good: { token: "tok-corpus-good" },
    other: { token: "tok-corpus-other" },
    bad: { token: "tok-corpus-bad" },
  },
  sources: { resource_path: "/docs", max_pages: 10 },
};

/** `/verify`: the two known tokens verify, anything else is refused. */
export const verifyToken: VerifyHandler<SourcesManifest> = ({ credentials }) => {
  const user = USERS[credentials.token];
  return user === undefined ? { ok: false, error: "token revoked" } : { ok: true, user };
};

/** Refuses a token the corpus platform does not know, as the platform would (401). */
export function requireToken(token: string): void {
  if (USERS[token] === undefined) throw new AdapterHttpError("unauthorized", "token revoked");
}

/** The offset a cursor issued by {@link writeOffset} holds; null starts at 0; anything else is a 400 (D7). */
export function readOffset(cursor: string | null, credentials: Readonly<Record<string, unknown>>): number {
  if (cursor === null) return 0;
  const decoded = decodeCursor(cursor, { credentials, secret: "corpus" });
  const offset = decoded.ok ? (decoded.value as { o?: unknown }).o : undefined;
  if (typeof offset === "number" && Number.isInteger(offset) && offset >= 0) return offset;
  throw new AdapterHttpError("invalid_request", "the cursor is not one this adapter issued", {
    issues: [{ path: "/cursor", message: "unknown or tampered cursor" }],
  });
}

/** A signed cursor bound to the credentials, holding the next offset. */
export function writeOffset(offset: number, credentials: Readonly<Record<string, unknown>>): string {
  return encodeCursor({ o: offset }, { credentials, secret: "corpus" });
}

/** Refuses any resource but `/docs` (the only one the corpus platform lists) with a 404. */
export function requireDocs(resourcePath: string): void {
  if (resourcePath.replace(/\/+$/, "") !== "/docs") throw new AdapterHttpError("not_found", "no such resource path");
}

/** Refuses a resource outside `/docs` with a 404; a folder below it is a resource of its own. */
export function requireBelowDocs(resourcePath: string): void {
  const root = resourcePath.replace(/\/+$/, "");
  if (root !== "/docs" && !root.startsWith("/docs/")) throw new AdapterHttpError("not_found", "no such resource path");
}

/**
 * The absolute path of `filePath` below `resourcePath`, taking `filePath` relative to the resource; a path that
 * is absolute or has a `.` or `..` segment is a 400, so nothing outside the resource can be named.
 */
export function confinedRelative(resourcePath: string, filePath: string): string {
  const segments = filePath.split("/");
  if (filePath.startsWith("/") || segments.some((segment) => segment === "" || segment === "." || segment === ".."))
    throw outsideResource(resourcePath);
  return posix.join(resourcePath, filePath);
}

/** `filePath` itself when it lies below `resourcePath` with no `.` or `..` segment; otherwise a 400. */
export function confinedAbsolute(resourcePath: string, filePath: string): string {
  const prefix = `${resourcePath.replace(/\/+$/, "")}/`;
  if (!filePath.startsWith(prefix) || filePath.split("/").some((segment) => segment === "." || segment === ".."))
    throw outsideResource(resourcePath);
  return filePath;
}

function outsideResource(resourcePath: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", "file_path is outside resource_path", {
    issues: [{ path: "/file_path", message: `expected a file path below ${resourcePath}, without . or .. segments` }],
  });
}

/** A 404 for a file the tree does not hold. */
export function noSuchFile(): AdapterHttpError {
  return new AdapterHttpError("not_found", "no such file");
}

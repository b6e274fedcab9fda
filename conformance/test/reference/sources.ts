import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { fetchFileRequestSchema, listChangesRequestSchema } from "@adapterkit/contract";
import { adapterError, json, type ReferenceRequest, type ReferenceResponse } from "./types.ts";
import { credential, validate } from "./validate.ts";

/** The in-memory document tree under `/docs`. */
export const REFERENCE_FILES: Readonly<Record<string, string>> = {
  "/docs/a.md": "# A\n",
  "/docs/b.md": "# B\n",
  "/docs/c.md": "# C\n",
  "/docs/guide/d.md": "# D\n",
  "/docs/guide/e.md": "# E\n",
};
const PAGE_SIZE = 2;
const PATHS = Object.keys(REFERENCE_FILES);

/** `POST /sources/list-changes`: pages through the tree with signed cursors; past the end the cursor stays put. */
export function listChanges(request: ReferenceRequest): ReferenceResponse {
  const body = validate(listChangesRequestSchema, request.json);
  if (!body.ok) return body.response;
  const token = credential(body.value.credentials, "token");
  if (!token.ok) return token.response;
  if (body.value.resource_path !== "/docs") return adapterError(404, "not_found", "no such resource path");
  const offset = body.value.cursor === null ? 0 : readCursor(token.value, body.value.cursor);
  if (offset === undefined) {
    return adapterError(400, "invalid_request", "the cursor is not one this adapter issued", {
      issues: [{ path: "/cursor", message: "unknown or tampered cursor" }],
    });
  }
  const page = PATHS.slice(offset, offset + PAGE_SIZE);
  const changes = page.map((path) => ({
    path,
    fingerprint: fingerprint(REFERENCE_FILES[path] ?? ""),
    status: "added",
  }));
  return json(200, { changes, cursor: writeCursor(token.value, offset + page.length) });
}

/** `POST /sources/fetch-file`: the file as JSON with base64 content (D7). */
export function fetchFile(request: ReferenceRequest): ReferenceResponse {
  const body = validate(fetchFileRequestSchema, request.json);
  if (!body.ok) return body.response;
  const token = credential(body.value.credentials, "token");
  if (!token.ok) return token.response;
  const { resource_path: root, file_path: path } = body.value;
  if (!isWithin(root, path)) {
    return adapterError(400, "invalid_request", "file_path is outside resource_path", {
      issues: [{ path: "/file_path", message: `expected a path below ${root}, without . or .. segments` }],
    });
  }
  const content = REFERENCE_FILES[path];
  if (content === undefined) return adapterError(404, "not_found", "no such file");
  return json(200, { content_base64: Buffer.from(content).toString("base64"), content_type: "text/markdown" });
}

/** Whether a file path lies below the resource path, with no `.` or `..` segment to leave it by. */
export function isWithin(root: string, path: string): boolean {
  const prefix = `${root.replace(/\/+$/, "")}/`;
  return path.startsWith(prefix) && !path.split("/").some((segment) => segment === "." || segment === "..");
}

function fingerprint(content: string): string {
  return createHash("sha256").update(content).digest("hex").slice(0, 16);
}

function cursorMac(token: string, payload: string): Buffer {
  return createHmac("sha256", `reference-cursor:${token}`).update(payload).digest();
}

function writeCursor(token: string, offset: number): string {
  const payload = Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
  return `${payload}.${cursorMac(token, payload).toString("base64url")}`;
}

function readCursor(token: string, cursor: string): number | undefined {
  const [payload = "", mac = ""] = cursor.split(".");
  const given = Buffer.from(mac, "base64url");
  const expected = cursorMac(token, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const parsed = JSON.parse(Buffer.from(payload, "base64url").toString()) as { o?: unknown };
  return typeof parsed.o === "number" && Number.isInteger(parsed.o) && parsed.o >= 0 ? parsed.o : undefined;
}

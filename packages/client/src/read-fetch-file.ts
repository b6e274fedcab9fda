import type { ClientResult, FetchedFile, ReceivedResponse } from "./client-result.ts";
import { judgeBody, parseJson, readResponse } from "./read-response.ts";

const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/**
 * Reads a `/sources/fetch-file` answer in either D7 form. A JSON object with `content_base64` is the JSON form and
 * must match its schema; any other body, JSON files included, is the file's bytes with their own Content-Type.
 */
export function readFetchFile(response: ReceivedResponse, durationMs: number): ClientResult<FetchedFile> {
  if (response.status < 200 || response.status > 299) {
    return readResponse(response, "fetch-file-json-response", durationMs) as ClientResult<FetchedFile>;
  }
  const contentType = response.headers["content-type"] ?? DEFAULT_CONTENT_TYPE;
  const wrapped = isJson(contentType) ? parseJson(response.text) : { ok: false as const };
  if (!wrapped.ok || !isWrapper(wrapped.value)) {
    return success(response, { bytes: response.bytes, contentType, form: "bytes" }, durationMs);
  }
  const judged = judgeBody(response, wrapped.value, "fetch-file-json-response", durationMs);
  if (!judged.ok) return judged;
  const { content_base64, content_type } = wrapped.value as { content_base64: string; content_type?: string };
  const bytes = new Uint8Array(Buffer.from(content_base64, "base64"));
  return success(response, { bytes, contentType: content_type ?? DEFAULT_CONTENT_TYPE, form: "json" }, durationMs);
}

function success(response: ReceivedResponse, value: FetchedFile, durationMs: number): ClientResult<FetchedFile> {
  return { ok: true, value, status: response.status, headers: response.headers, durationMs };
}

function isJson(contentType: string): boolean {
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/json";
}

function isWrapper(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "content_base64" in value;
}

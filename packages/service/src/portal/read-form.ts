import type { IncomingMessage } from "node:http";
import { readBody } from "../http/read-body.ts";

/** The largest form the portal reads (a fixtures file included). */
export const FORM_LIMIT_BYTES = 256 * 1024;

/** A submitted form: each field's first value (a file's content as text). */
export type FormFields = ReadonlyMap<string, string>;

/** A form the portal cannot read; the page says why with a 400. */
export class FormError extends Error {}

function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

// RFC 7578: parts split by "--boundary", each with headers, a blank line, and the content up to CRLF--boundary.
function parseMultipart(body: Buffer, boundary: string): Map<string, string> {
  const fields = new Map<string, string>();
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  if (start < 0) throw new FormError("the multipart body has no boundary");
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd < 0) throw new FormError("a multipart part has no headers");
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined && !fields.has(name)) fields.set(name, part.subarray(headerEnd + 4).toString("utf8"));
    start = next;
  }
  return fields;
}

/** Reads an urlencoded or multipart form (up to FORM_LIMIT_BYTES; a 413 ServiceError past it). */
export async function readForm(req: IncomingMessage): Promise<FormFields> {
  const body = (await readBody(req, FORM_LIMIT_BYTES)) ?? Buffer.alloc(0);
  const type = req.headers["content-type"] ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const boundary = boundaryOf(type);
    if (boundary === undefined) throw new FormError("the multipart body names no boundary");
    return parseMultipart(body, boundary);
  }
  if (type !== "" && !/^application\/x-www-form-urlencoded/i.test(type)) {
    throw new FormError(`a form is sent as application/x-www-form-urlencoded or multipart/form-data, not ${type}`);
  }
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
    if (!fields.has(name)) fields.set(name, value);
  }
  return fields;
}

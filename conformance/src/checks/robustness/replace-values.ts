import { randomBytes } from "node:crypto";
import type { BadRequest } from "./bad-request.ts";

/** A random stand-in for each value: as many letters and digits as the value has characters. */
export function standInsFor(values: readonly string[]): ReadonlyMap<string, string> {
  const standIn = (length: number) => randomBytes(length).toString("base64url").replace(/[-_]/g, "x").slice(0, length);
  // Longest first, so a value that contains another is replaced whole.
  return new Map(
    [...new Set(values)].sort((a, b) => b.length - a.length).map((value) => [value, standIn(value.length)]),
  );
}

/** The same bad request with every value (as written, or JSON-escaped) replaced by its stand-in. */
export function replaceValues(request: BadRequest, standIns: ReadonlyMap<string, string>): BadRequest {
  const replace = (text: string) => {
    let out = text;
    for (const [value, standIn] of standIns) {
      out = out.split(value).join(standIn).split(JSON.stringify(value).slice(1, -1)).join(standIn);
    }
    return out;
  };
  return {
    ...request,
    body: request.body === undefined ? undefined : JSON.parse(replace(JSON.stringify(request.body))),
    ...(request.rawBody === undefined ? {} : { rawBody: replace(request.rawBody) }),
  };
}

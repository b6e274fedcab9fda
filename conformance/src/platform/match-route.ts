import type { PlatformRoute } from "../fixtures/fixtures.ts";

/** An HTTP request the stand-in platform received, as route matching sees it. */
export interface IncomingCall {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly json: unknown;
}

/** The first route that answers a call: method (any when absent), exact path, then every `when` matcher. */
export function matchRoute(routes: readonly PlatformRoute[], call: IncomingCall): PlatformRoute | undefined {
  return routes.find(
    (route) =>
      (route.method === undefined || route.method.toUpperCase() === call.method) &&
      route.path === call.path &&
      headersMatch(route.when?.header, call.headers) &&
      bodyMatches(route.when?.body, call),
  );
}

function headersMatch(
  wanted: Readonly<Record<string, string>> | undefined,
  headers: Readonly<Record<string, string>>,
): boolean {
  return Object.entries(wanted ?? {}).every(([name, value]) => headers[name.toLowerCase()] === value);
}

/** Keys starting with `/` are JSON Pointers into a JSON body; other keys name a form field. */
function bodyMatches(wanted: Readonly<Record<string, unknown>> | undefined, call: IncomingCall): boolean {
  if (wanted === undefined) return true;
  const form = call.json === undefined ? new URLSearchParams(call.body) : undefined;
  return Object.entries(wanted).every(([key, value]) => {
    const actual = key.startsWith("/") ? resolvePointer(call.json, key) : (form?.get(key) ?? undefined);
    return JSON.stringify(actual) === JSON.stringify(value);
  });
}

/** The value at a JSON Pointer (RFC 6901), or undefined. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  let current: unknown = document;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

import { signRequest } from "@adapterkit/client";
import type { ConformanceContext } from "../../context.ts";

/** A response read whole, or why none came. */
export type RawResponse =
  | {
      readonly ok: true;
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      readonly text: string;
      readonly json: unknown;
    }
  | { readonly ok: false; readonly error: string };

/**
 * Sends a request to a path the contract does not define (an unknown route, `/mcp`), which the typed client
 * cannot reach. A POST is signed when the run has a signing secret, so a 401 cannot hide how the route answers.
 */
export async function rawRequest(
  ctx: ConformanceContext,
  request: { readonly method: "GET" | "POST"; readonly path: string; readonly body?: string },
): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (request.method === "POST" && ctx.signingSecret !== undefined) {
    Object.assign(headers, signRequest({ secret: ctx.signingSecret, body: request.body ?? "" }));
  }
  try {
    const response = await ctx.fetch(`${ctx.adapterUrl}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(ctx.timeoutMs),
      redirect: "manual",
    });
    const text = await response.text();
    return {
      ok: true,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
      json: parseJson(text),
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Parsed JSON, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a Content-Type names JSON (`application/json`, or any `+json` type). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

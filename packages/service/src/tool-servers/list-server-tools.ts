import type { ToolJson } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { isOutboundRefused } from "../outbound/index.ts";
import { checkServerTools } from "./check-server-tools.ts";
import { guardedFetch, TOOL_SERVER_TIMEOUT_MS, TOOL_SERVER_TOTAL_MS } from "./guarded-fetch.ts";
import { ResponseTooLargeError } from "./limit-response-body.ts";

/** What a tool server answered: the name it gave itself and its tools, in its order. */
export interface ServerTools {
  readonly serverName: string;
  readonly tools: ToolJson[];
}

/** At most this many pages of `tools/list`, so a server paging forever cannot hold the request. */
const MAX_PAGES = 20;

/** The error a failure to list becomes: the guard's refusal blames the URL (400), anything else the server (502). */
function toServiceError(url: string, error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof ResponseTooLargeError) {
    return new ServiceError("tool_server_failed", `The tool server at ${url} answered too much: ${error.message}.`);
  }
  if (isOutboundRefused(error)) {
    const reason = findRefusal(error) ?? "refused by the outbound guard";
    return new ServiceError("invalid_request", `url: ${reason}`, { errors: [{ path: "/url", message: reason }] });
  }
  const message = describe(error);
  // The fetch standard's "bad ports" (SMTP, IRC and the like) are never connected to: the URL is at fault.
  if (/\bbad port\b/.test(message)) {
    const reason = `port ${new URL(url).port} is one the fetch standard never connects to`;
    return new ServiceError("invalid_request", `url: ${reason}`, { errors: [{ path: "/url", message: reason }] });
  }
  const where = `The tool server at ${url}`;
  if (/timed? ?out|TimeoutError|aborted/i.test(message)) {
    return new ServiceError(
      "tool_server_failed",
      `${where} did not answer in time (${TOOL_SERVER_TIMEOUT_MS} ms a request, ${TOOL_SERVER_TOTAL_MS} ms in all).`,
    );
  }
  if (
    /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|fetch failed|other side closed/.test(message)
  ) {
    return new ServiceError("tool_server_failed", `${where} could not be reached: ${message}`);
  }
  return new ServiceError(
    "tool_server_failed",
    `${where} did not answer as a Model Context Protocol server (Streamable HTTP): ${message}`,
  );
}

function findRefusal(error: unknown): string | undefined {
  for (let at: unknown = error; at !== undefined && at !== null; at = (at as { cause?: unknown }).cause) {
    if ((at as { code?: unknown }).code === "ERR_OUTBOUND_REFUSED") return (at as Error).message;
  }
  return undefined;
}

/** An error's message with its causes', on one line and cut short (a garbage answer may be long). */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error; at !== undefined && at !== null && parts.length < 4; ) {
    const code = (at as { code?: unknown }).code;
    // The SDK's own schema check of an answer: the issues say little more than "not JSON-RPC".
    const message = Array.isArray((at as { issues?: unknown }).issues)
      ? "its answer is not a JSON-RPC message of the protocol"
      : at instanceof Error
        ? at.message.replace(/ undefined$/, "")
        : String(at);
    if (typeof code === "number") parts.push(`HTTP ${code}: ${message}`);
    else parts.push(typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message);
    at = at instanceof Error ? at.cause : undefined;
  }
  const text = parts.join(": ").replace(/\s+/g, " ").trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * A13: connects to a Model Context Protocol server over Streamable HTTP (through the outbound guard, A15), lists
 * every tool and disconnects. Throws a ServiceError: 400 naming `/url` when the guard refuses the address, 502
 * `tool_server_failed` naming the cause when the server is down, slow or answers something else. `signal` cuts it
 * short (the service stopping).
 */
export async function listServerTools(
  context: Pick<GroundContext, "outbound">,
  server: { readonly url: string; readonly headers: Readonly<Record<string, string>> },
  signal?: AbortSignal,
): Promise<ServerTools> {
  const checked = context.outbound.checkUrl(server.url);
  if (!checked.ok) {
    throw new ServiceError("invalid_request", `url: ${checked.reason}`, {
      errors: [{ path: "/url", message: checked.reason }],
    });
  }
  // Loaded on first use: the SDK's client takes a few hundred ms to import, which no other command should pay.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const client = new Client({ name: "adapterkit", version: "0.1.0" }, { capabilities: {} });
  // An answer over the size limit ends the whole listing at once, with that as its error (D354).
  const cut = new AbortController();
  const transport = new StreamableHTTPClientTransport(checked.url, {
    fetch: guardedFetch(
      context,
      AbortSignal.any([
        AbortSignal.timeout(TOOL_SERVER_TOTAL_MS),
        cut.signal,
        ...(signal === undefined ? [] : [signal]),
      ]),
      (error) => cut.abort(error),
    ),
    requestInit: { headers: { ...server.headers } },
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 0,
      maxReconnectionDelay: 0,
      reconnectionDelayGrowFactor: 1,
    },
  });
  const options = { timeout: TOOL_SERVER_TIMEOUT_MS, signal: cut.signal };
  try {
    await client.connect(transport, options);
    const listed: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, options);
      listed.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    if (cursor !== undefined) throw new Error(`tools/list went on past ${MAX_PAGES} pages`);
    const serverName = client.getServerVersion()?.name ?? "";
    return { serverName, tools: checkServerTools(listed) };
  } catch (error) {
    throw toServiceError(server.url, cut.signal.aborted ? cut.signal.reason : error);
  } finally {
    await client.close().catch(() => undefined);
  }
}

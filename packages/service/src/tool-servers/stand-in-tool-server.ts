import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ToolJson } from "@adapterkit/contract";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

/** A tool of the stand-in: what it lists, and what a call answers. */
export interface StandInTool extends ToolJson {
  run(input: Record<string, unknown>): string;
}

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

/** The tools the stand-in starts with. */
export const STAND_IN_TOOLS: readonly StandInTool[] = [
  {
    name: "echo",
    description: "Answers with the text it is given.",
    input_schema: object({ text: { type: "string", description: "What to say back." } }, ["text"]),
    run: (input) => String(input.text ?? ""),
  },
  {
    name: "add",
    description: "Adds two numbers.",
    input_schema: object({ a: { type: "number" }, b: { type: "number" } }, ["a", "b"]),
    run: (input) => String(Number(input.a) + Number(input.b)),
  },
  {
    name: "word_count",
    description: "Counts the words of a text.",
    input_schema: object({ text: { type: "string", minLength: 0 } }, ["text"]),
    run: (input) =>
      String(
        String(input.text ?? "")
          .split(/\s+/)
          .filter(Boolean).length,
      ),
  },
];

/** A running stand-in tool server. */
export interface ToolServerStandIn {
  /** Its Streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The names of its tools now. */
  toolNames(): string[];
  /** Adds (or replaces) a tool; the next `tools/list` shows it. */
  addTool(tool: StandInTool): void;
  /** Removes a tool; the next `tools/list` no longer shows it. */
  removeTool(name: string): void;
  /** How many `tools/list` requests it has answered. */
  listings(): number;
  close(): Promise<void>;
}

const digest = (text: string) => createHash("sha256").update(text).digest();
/** Constant-time comparison of a presented credential with the expected one. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** The SDK's server side, loaded when a stand-in starts (not when the service package is imported). */
async function loadSdk() {
  const [{ Server }, { StreamableHTTPServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] =
    await Promise.all([
      import("@modelcontextprotocol/sdk/server/index.js"),
      import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]);
  return { Server, StreamableHTTPServerTransport, CallToolRequestSchema, ListToolsRequestSchema };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

function mcpServerWith(sdk: Sdk, tools: ReadonlyMap<string, StandInTool>, onList: () => void): Server {
  const { Server, CallToolRequestSchema, ListToolsRequestSchema } = sdk;
  const server = new Server({ name: "adapterkit-stand-in-tools", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => {
    onList();
    return {
      tools: [...tools.values()].map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.input_schema as { type: "object" },
      })),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = tools.get(request.params.name);
    if (tool === undefined) {
      return { content: [{ type: "text", text: `no tool ${request.params.name}` }], isError: true };
    }
    return { content: [{ type: "text", text: tool.run(request.params.arguments ?? {}) }] };
  });
  return server;
}

/**
 * A Model Context Protocol server over Streamable HTTP (stateless, the SDK's own server classes) on 127.0.0.1, with a
 * few real tools that can be added and removed while it runs: the tool server `npm start` connects (D196), and the
 * one the tests connect. With `token`, every request must carry `Authorization: Bearer <token>` (401 otherwise).
 *
 * @example
 * const tools = await startToolServerStandIn();
 * tools.removeTool("add");
 */
export async function startToolServerStandIn(
  options: { token?: string; port?: number } = {},
): Promise<ToolServerStandIn> {
  const sdk = await loadSdk();
  const tools = new Map(STAND_IN_TOOLS.map((tool) => [tool.name, tool]));
  let listings = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (new URL(request.url ?? "/", "http://x").pathname !== "/mcp") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found: the endpoint is /mcp\n");
      return;
    }
    if (options.token !== undefined && !sameSecret(request.headers.authorization ?? "", `Bearer ${options.token}`)) {
      response.writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" }).end("unauthorized\n");
      return;
    }
    if (request.method !== "POST") {
      // Stateless: no server-initiated stream to open, no session to end.
      response.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const server = mcpServerWith(sdk, tools, () => {
      listings += 1;
    });
    // Stateless (no session id generator): every POST is answered on its own, with a fresh server of today's tools.
    const transport = new sdk.StreamableHTTPServerTransport({ enableJsonResponse: true });
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };
  const http = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    toolNames: () => [...tools.keys()],
    addTool: (tool) => void tools.set(tool.name, tool),
    removeTool: (name) => void tools.delete(name),
    listings: () => listings,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

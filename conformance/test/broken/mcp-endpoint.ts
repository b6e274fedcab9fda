import type { BrokenAdapter } from "../run-against.ts";

/** Serves an MCP endpoint, which belongs on a tool server, never on an adapter. */
export const mcpEndpoint: BrokenAdapter = {
  fault: "an /mcp endpoint answering",
  adapter: {
    overrides: {
      "unknown-route": (request) =>
        request.path === "/mcp" ? { status: 200, body: { jsonrpc: "2.0", result: { tools: [] } } } : undefined,
    },
  },
  caughtBy: ["manifest.no-mcp-or-oauth-callback"],
};

import type { ToolJson } from "@adapterkit/contract";

/** At most this many tools from one server, and this much JSON per input schema. */
export const MAX_TOOLS = 500;
const MAX_SCHEMA_BYTES = 64 * 1024;
// A tool name is what agents call it by: printable, no spaces, as the MCP specification recommends.
const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

/**
 * The tools a server listed, as a Skill keeps them: each with a usable name (unique), a description and an object
 * input schema. Throws an Error saying which tool is unusable; the caller turns it into a 502 naming the server.
 */
export function checkServerTools(listed: readonly unknown[]): ToolJson[] {
  if (listed.length > MAX_TOOLS) throw new Error(`it lists ${listed.length} tools, more than ${MAX_TOOLS}`);
  const seen = new Set<string>();
  return listed.map((entry, index) => {
    const tool = entry as { name?: unknown; description?: unknown; inputSchema?: unknown };
    const name = typeof tool.name === "string" ? tool.name : "";
    if (!TOOL_NAME.test(name)) {
      throw new Error(`tool ${index} has the name ${JSON.stringify(tool.name)}, not 1–128 of A-Z a-z 0-9 _ . - /`);
    }
    if (seen.has(name)) throw new Error(`it lists the tool ${name} twice`);
    seen.add(name);
    const schema = tool.inputSchema;
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      throw new Error(`tool ${name} has no input schema object`);
    }
    if (Buffer.byteLength(JSON.stringify(schema)) > MAX_SCHEMA_BYTES) {
      throw new Error(`tool ${name}'s input schema is over ${MAX_SCHEMA_BYTES} bytes`);
    }
    const description = typeof tool.description === "string" ? tool.description : "";
    return { name, description, input_schema: schema as Record<string, unknown> };
  });
}

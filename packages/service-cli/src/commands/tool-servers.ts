import { type ToolServerJson, toolServerCreateSchema } from "@adapterkit/contract";
import { CliError, defineCommand } from "adapterkit/command-line";
import { withLocalService } from "../open-local-service.ts";

const ACTIONS = ["list", "connect", "refresh", "remove"] as const;
type Action = (typeof ACTIONS)[number];

/** One line of a tool server: never a header value, only the names of the headers stored. */
function describeToolServer(server: ToolServerJson): string {
  const headers = server.header_names.length === 0 ? "" : `  headers ${server.header_names.join(", ")}`;
  const state =
    server.last_refresh_error === null
      ? `refreshed ${server.refreshed_at}`
      : `refresh FAILED ${server.last_refresh_at} (last good ${server.refreshed_at})`;
  return `${String(server.id).padEnd(5)} ${server.name.padEnd(20)} ${String(server.tools.length).padStart(3)} tools  skill ${server.skill_id}  ${server.url}  ${state}${headers}`;
}

/** The server's line, then its tools and, when the last refresh failed, why. */
function showToolServer(server: ToolServerJson): void {
  console.log(describeToolServer(server));
  for (const tool of server.tools) console.log(`      - ${tool.name}: ${tool.description.replace(/\s+/g, " ")}`);
  if (server.last_refresh_error !== null) console.log(`      last refresh error: ${server.last_refresh_error}`);
}

/** `--header "Name: value"`, repeatable, as the API's `headers` object. */
function parseHeaders(given: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of given) {
    const colon = header.indexOf(":");
    // The value is a secret: the message names the header only.
    if (colon <= 0) throw new CliError("usage", `--header must be "Name: value" (got one without a name and a colon)`);
    const name = header.slice(0, colon).trim();
    if (name in headers) throw new CliError("usage", `--header ${name} is given twice`);
    headers[name] = header.slice(colon + 1).trim();
  }
  return headers;
}

/** The request `connect` makes, checked as the API checks it; a bad field is a usage error naming it. */
function connectInput(name: string | undefined, url: string | undefined, headers: readonly string[]) {
  if (name === undefined || url === undefined) throw new CliError("usage", "tool-servers connect needs <name> <url>");
  const parsed = toolServerCreateSchema.safeParse({ name, url, headers: parseHeaders(headers) });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join(".") || "input";
  throw new CliError("usage", `${field}: ${issue?.message ?? "is not valid"}`);
}

function idOf(action: Action, target: string | undefined): number {
  if (target === undefined || !/^[1-9][0-9]{0,15}$/.test(target))
    throw new CliError("usage", `tool-servers ${action} needs a tool server id (a number; see tool-servers list)`);
  return Number(target);
}

/**
 * `adapterkit-service tool-servers list | connect <name> <url> [--header "Name: value" …] | refresh <id> | remove <id>`
 * (A13): external Model Context Protocol servers of an organization (`--organization`, default demo), each with the
 * Skill made of its tools. Human-readable lines, or one JSON line with `--json`; header values are never printed.
 * ADAPTERKIT_ALLOWED_HOSTS applies (a server on this machine must be allowed, as for the service).
 *
 * @example adapterkit-service tool-servers connect Weather https://tools.example/mcp --header "Authorization: Bearer mcp_…"
 */
export const toolServersCommand = defineCommand({
  command: "tool-servers <action> [target] [url]",
  describe: "List, connect, refresh or remove external tool servers (MCP) and their Skills",
  positional: {
    action: { describe: ACTIONS.join("|"), type: "string", demandOption: true },
    target: { describe: "The name (connect) or the tool server's id (refresh, remove)", type: "string" },
    url: { describe: "connect: the server's Streamable HTTP endpoint", type: "string" },
  },
  options: {
    organization: { type: "string", default: "demo", describe: "The organization (connect creates it when missing)" },
    header: {
      type: "string",
      array: true,
      default: [] as string[],
      describe: 'connect: a header sent with every request, "Name: value" (repeatable; stored sealed, never shown)',
    },
    json: { type: "boolean", default: false, describe: "Print one JSON line instead" },
  },
  handler: async (args) => {
    const action = String(args.action) as Action;
    if (!ACTIONS.includes(action)) throw new CliError("usage", `unknown action "${action}"; use ${ACTIONS.join(", ")}`);
    const target = args.target === undefined ? undefined : String(args.target);
    const url = args.url === undefined ? undefined : String(args.url);
    const extra = action === "list" ? (target ?? url) : action === "connect" ? undefined : url;
    if (extra !== undefined)
      throw new CliError(
        "usage",
        `tool-servers ${action} takes ${action === "list" ? "no arguments" : "one argument"}`,
      );
    const input = action === "connect" ? connectInput(target, url, args.header.map(String)) : undefined;
    const id = action === "refresh" || action === "remove" ? idOf(action, target) : undefined;
    const actor = { organization: args.organization };
    await withLocalService(async (service) => {
      const admin = service.toolServers;
      if (action === "list") {
        const items = await admin.list(actor);
        if (args.json) console.log(JSON.stringify({ items }));
        else if (items.length === 0) console.error(`no tool servers in organization ${actor.organization}`);
        for (const server of args.json ? [] : items) console.log(describeToolServer(server));
        return;
      }
      if (action === "remove") {
        const removed = await admin.remove(actor, id ?? 0);
        if (args.json) console.log(JSON.stringify({ removed: removed.id, skill_id: removed.skill_id }));
        else console.log(`removed tool server ${removed.id} (${removed.name}) and its Skill ${removed.skill_id}`);
        return;
      }
      const server = input === undefined ? await admin.refresh(actor, id ?? 0) : await admin.connect(actor, input);
      if (args.json) console.log(JSON.stringify(server));
      else showToolServer(server);
    });
  },
});

import type { ToolJson } from "@adapterkit/contract";
import { ServiceError } from "../errors/service-error.ts";
import type { ServiceContext } from "../service-context.ts";
import { listServerTools, type ServerTools } from "./list-server-tools.ts";
import { openHeaders, sealHeaders } from "./seal-headers.ts";
import { type ToolServerRow, withToolServerTables } from "./tool-server-tables.ts";

type Context = Pick<ServiceContext, "store" | "outbound" | "serviceKeys" | "now">;

/** What the Skill of a tool server knows: each tool by name with what it does (SPEC: knowledge lists the tools). */
function knowledgeOf(url: string, listed: ServerTools): string {
  const line = (tool: ToolJson) => `- ${tool.name}: ${tool.description.replace(/\s+/g, " ").slice(0, 500)}`;
  const tools = listed.tools.length === 0 ? ["(it lists no tools)"] : listed.tools.map(line);
  return [`Tools of the Model Context Protocol server ${listed.serverName || "(unnamed)"} at ${url}:`, ...tools].join(
    "\n",
  );
}

const skillFields = (url: string, listed: ServerTools) => ({
  knowledge: knowledgeOf(url, listed),
  tool_names: JSON.stringify(listed.tools.map((tool) => tool.name)),
});

/**
 * A13: lists the server's tools first (nothing is written when that fails), then creates its Skill (origin
 * `tool_server`) and the tool server record in one transaction.
 */
export async function connectToolServer(
  context: Context,
  input: { organizationId: number; name: string; url: string; headers: Readonly<Record<string, string>> },
): Promise<ToolServerRow> {
  const listed = await listServerTools(context, { url: input.url, headers: input.headers });
  const at = context.now().toISOString();
  return context.store.db.transaction().execute(async (trx) => {
    const db = withToolServerTables(trx);
    const skill = await db
      .insertInto("skills")
      .values({
        organization_id: input.organizationId,
        name: input.name,
        description: `The tools of the Model Context Protocol server at ${input.url}.`,
        ...skillFields(input.url, listed),
        credential_keys: "[]",
        origin: "tool_server",
        installation_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const skillId = Number(skill.id);
    return db
      .insertInto("tool_servers")
      .values({
        organization_id: input.organizationId,
        name: input.name,
        url: input.url,
        headers_enc: sealHeaders(context.serviceKeys, skillId, input.headers),
        skill_id: skillId,
        server_name: listed.serverName,
        tools: JSON.stringify(listed.tools),
        created_at: at,
        refreshed_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** One of the organization's tool servers, or a 404. */
export async function findToolServer(
  context: Pick<Context, "store">,
  organizationId: number,
  id: number | undefined,
  shown: string | undefined,
): Promise<ToolServerRow> {
  const row =
    id === undefined
      ? undefined
      : await withToolServerTables(context.store.db)
          .selectFrom("tool_servers")
          .selectAll()
          .where("organization_id", "=", organizationId)
          .where("id", "=", id)
          .executeTakeFirst();
  if (row === undefined) throw new ServiceError("not_found", `No tool server ${shown} in this organization.`);
  return row;
}

/**
 * A13: lists the server's tools again and gives its Skill exactly those (a tool gone from the server is gone from
 * the Skill), in one transaction; a failed listing changes nothing. `url` moves the server (npm start's stand-in).
 */
export async function refreshToolServer(
  context: Context,
  row: ToolServerRow,
  options: { url?: string } = {},
): Promise<ToolServerRow> {
  const url = options.url ?? row.url;
  let headers: Record<string, string>;
  try {
    headers = openHeaders(context.serviceKeys, Number(row.skill_id), row.headers_enc);
  } catch {
    // D116: sealed under a service key this instance no longer has; only connecting again can give them back.
    throw new ServiceError(
      "conflict",
      `The headers of tool server ${row.id} cannot be opened with this instance's service keys; connect it again.`,
    );
  }
  const listed = await listServerTools(context, { url, headers });
  const at = context.now().toISOString();
  return context.store.db.transaction().execute(async (trx) => {
    const db = withToolServerTables(trx);
    const updated = await db
      .updateTable("tool_servers")
      .set({ url, server_name: listed.serverName, tools: JSON.stringify(listed.tools), refreshed_at: at })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirst();
    if (updated === undefined) throw new ServiceError("not_found", `No tool server ${row.id} in this organization.`);
    await db
      .updateTable("skills")
      .set({ ...skillFields(url, listed), updated_at: at })
      .where("id", "=", row.skill_id)
      .execute();
    return updated;
  });
}

/** Disconnects a tool server: the record and its Skill go together. */
export async function removeToolServer(context: Pick<Context, "store">, row: ToolServerRow): Promise<void> {
  await context.store.db.transaction().execute(async (trx) => {
    const db = withToolServerTables(trx);
    await db.deleteFrom("tool_servers").where("id", "=", row.id).execute();
    await db.deleteFrom("skills").where("id", "=", row.skill_id).execute();
  });
}

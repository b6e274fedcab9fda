import type { ToolJson } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { listServerTools, type ServerTools } from "./list-server-tools.ts";
import { openHeaders, sealHeaders } from "./seal-headers.ts";
import { type ToolServerRow, withToolServerTables } from "./tool-server-tables.ts";

type Context = Pick<GroundContext, "store" | "outbound" | "serviceKeys" | "now">;

/**
 * What the Skill of a tool server knows: each tool by name with what it does (contract.md#skill: knowledge names the
 * tools).
 */
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
        last_refresh_at: at,
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

/** How a refresh is run: `url` moves the server (npm start's stand-in); `leaseOwner` is the scheduled refresher's. */
interface RefreshOptions {
  readonly url?: string;
  /** D320: the refresher's claim on the row; its outcome is written only while it still holds it. */
  readonly leaseOwner?: string;
  /** Aborts the listing (the service stopping). */
  readonly signal?: AbortSignal;
}

/** The row's headers, opened; a 409 when they were sealed under a key this instance no longer has. */
function headersOf(context: Context, row: ToolServerRow): Record<string, string> {
  try {
    return openHeaders(context.serviceKeys, Number(row.skill_id), row.headers_enc);
  } catch {
    // D116: only connecting again can give them back.
    throw new ServiceError(
      "conflict",
      `The headers of tool server ${row.id} cannot be opened with this instance's service keys; connect it again.`,
    );
  }
}

/**
 * D321: a failed refresh is recorded (when, and why) and the lease given up; the tools and the Skill stay as they
 * were. With `leaseOwner`, only while it still holds the row.
 */
async function recordRefreshFailure(context: Context, row: ToolServerRow, error: unknown, options: RefreshOptions) {
  const why = error instanceof ServiceError ? error.message : "the refresh failed unexpectedly";
  await withToolServerTables(context.store.db)
    .updateTable("tool_servers")
    .set({
      last_refresh_at: context.now().toISOString(),
      last_refresh_error: why,
      refresh_lease_owner: null,
      refresh_lease_until: null,
    })
    .where("id", "=", row.id)
    .$if(options.leaseOwner !== undefined, (query) => query.where("refresh_lease_owner", "=", options.leaseOwner ?? ""))
    .execute();
}

/**
 * A13: lists the server's tools again and gives its Skill exactly those (a tool gone from the server is gone from
 * the Skill), in one transaction that also clears the last error and any lease (D321, D322). A failed listing
 * changes neither; it is recorded and thrown. With `leaseOwner`, the outcome is written only while that lease still
 * holds the row: undefined when it was lost (the server removed, or refreshed on demand meanwhile).
 */
async function refreshWith(
  context: Context,
  row: ToolServerRow,
  options: RefreshOptions = {},
): Promise<ToolServerRow | undefined> {
  const url = options.url ?? row.url;
  let listed: ServerTools;
  try {
    listed = await listServerTools(context, { url, headers: headersOf(context, row) }, options.signal);
  } catch (error) {
    // A listing cut short by the service stopping says nothing about the server.
    if (options.signal?.aborted !== true) await recordRefreshFailure(context, row, error, options);
    throw error;
  }
  const at = context.now().toISOString();
  return context.store.db.transaction().execute(async (trx) => {
    const db = withToolServerTables(trx);
    const updated = await db
      .updateTable("tool_servers")
      .set({
        url,
        server_name: listed.serverName,
        tools: JSON.stringify(listed.tools),
        refreshed_at: at,
        last_refresh_at: at,
        last_refresh_error: null,
        refresh_lease_owner: null,
        refresh_lease_until: null,
      })
      .where("id", "=", row.id)
      .$if(options.leaseOwner !== undefined, (query) =>
        query.where("refresh_lease_owner", "=", options.leaseOwner ?? ""),
      )
      .returningAll()
      .executeTakeFirst();
    if (updated === undefined) {
      if (options.leaseOwner !== undefined) return undefined;
      throw new ServiceError("not_found", `No tool server ${row.id} in this organization.`);
    }
    await db
      .updateTable("skills")
      .set({ ...skillFields(url, listed), updated_at: at })
      .where("id", "=", row.skill_id)
      .execute();
    return updated;
  });
}

/**
 * A13: refreshes a tool server on demand (the API, the CLI, npm start): its Skill gets exactly the server's tools
 * now. A failure is recorded on the row and thrown (502 naming the cause, 400 for the guard, 409 for sealed headers).
 */
export async function refreshToolServer(
  context: Context,
  row: ToolServerRow,
  options: { url?: string } = {},
): Promise<ToolServerRow> {
  const updated = await refreshWith(context, row, options);
  if (updated === undefined) throw new ServiceError("not_found", `No tool server ${row.id} in this organization.`);
  return updated;
}

/**
 * D320: the scheduled refresher's refresh of a row it has claimed; undefined when the claim was lost before the
 * outcome could be written. Throws the listing's error after recording it.
 */
export function refreshClaimedToolServer(
  context: Context,
  row: ToolServerRow,
  options: { leaseOwner: string; signal?: AbortSignal },
): Promise<ToolServerRow | undefined> {
  return refreshWith(context, row, options);
}

/** Disconnects a tool server: the record and its Skill go together. */
export async function removeToolServer(context: Pick<Context, "store">, row: ToolServerRow): Promise<void> {
  await context.store.db.transaction().execute(async (trx) => {
    const db = withToolServerTables(trx);
    await db.deleteFrom("tool_servers").where("id", "=", row.id).execute();
    await db.deleteFrom("skills").where("id", "=", row.skill_id).execute();
  });
}

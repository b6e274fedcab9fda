import type { ToolServerJson } from "@adapterkit/contract";
import type { LocalActor } from "../apps/app-admin.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { ensureOrganization, findOrganization } from "../tenancy/organizations.ts";
import { showToolServer } from "./show-tool-server.ts";
import { connectToolServer, findToolServer, refreshToolServer, removeToolServer } from "./tool-server-store.ts";
import { withToolServerTables } from "./tool-server-tables.ts";

/** What connecting a tool server takes: the name of it and its Skill, its endpoint, and the headers it wants. */
export interface ToolServerInput {
  readonly name: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Tool servers managed locally (the CLI, `npm start`), for an organization by name, as its operator. */
export interface ToolServerAdmin {
  /**
   * D196: connects a tool server under a name, or, when the organization already has one of that name, moves it to
   * `url` and refreshes it, so a restart with the same data dir (the stand-in on a new port) keeps one server and
   * one Skill.
   */
  connectOrRefresh(actor: LocalActor, input: ToolServerInput): Promise<ToolServerJson>;
  /** The organization's tool servers, oldest first (none when there is no such organization). */
  list(actor: LocalActor): Promise<ToolServerJson[]>;
  /** Connects a tool server (its organization created when missing): lists its tools and creates its Skill. */
  connect(actor: LocalActor, input: ToolServerInput): Promise<ToolServerJson>;
  /** Lists one of the organization's tool servers again now; a failure is recorded on it and thrown. */
  refresh(actor: LocalActor, id: number): Promise<ToolServerJson>;
  /** Disconnects one of the organization's tool servers, with its Skill; resolves with what it was. */
  remove(actor: LocalActor, id: number): Promise<ToolServerJson>;
}

/** The ToolServerAdmin of a service. */
export function createToolServerAdmin(context: GroundContext): ToolServerAdmin {
  const { db } = context.store;
  const organizationIdOf = async (actor: LocalActor) => (await findOrganization(db, actor.organization))?.id;
  const find = async (actor: LocalActor, id: number) => {
    const organizationId = await organizationIdOf(actor);
    if (organizationId === undefined) throw new ServiceError("not_found", `No organization ${actor.organization}.`);
    return findToolServer(context, organizationId, id, String(id));
  };
  const connect = async (actor: LocalActor, input: ToolServerInput) => {
    const organization = await ensureOrganization(db, actor.organization, context.now());
    const row = await connectToolServer(context, { organizationId: organization.id, headers: {}, ...input });
    return showToolServer(row);
  };
  return {
    async connectOrRefresh(actor, input) {
      const organization = await ensureOrganization(db, actor.organization, context.now());
      const existing = await withToolServerTables(db)
        .selectFrom("tool_servers")
        .selectAll()
        .where("organization_id", "=", organization.id)
        .where("name", "=", input.name)
        .orderBy("id")
        .executeTakeFirst();
      if (existing === undefined) return connect(actor, input);
      return showToolServer(await refreshToolServer(context, existing, { url: input.url }));
    },
    async list(actor) {
      const organizationId = await organizationIdOf(actor);
      if (organizationId === undefined) return [];
      const rows = await withToolServerTables(db)
        .selectFrom("tool_servers")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .orderBy("id")
        .execute();
      return rows.map(showToolServer);
    },
    connect,
    refresh: async (actor, id) => showToolServer(await refreshToolServer(context, await find(actor, id))),
    async remove(actor, id) {
      const row = await find(actor, id);
      await removeToolServer(context, row);
      return showToolServer(row);
    },
  };
}

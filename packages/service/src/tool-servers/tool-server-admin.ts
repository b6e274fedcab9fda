import type { ToolServerJson } from "@adapterkit/contract";
import type { LocalActor } from "../apps/app-admin.ts";
import type { ServiceContext } from "../service-context.ts";
import { ensureOrganization } from "../tenancy/organizations.ts";
import { showToolServer } from "./show-tool-server.ts";
import { connectToolServer, refreshToolServer } from "./tool-server-store.ts";
import { withToolServerTables } from "./tool-server-tables.ts";

/** Tool servers managed locally (`npm start`), for an organization by name. */
export interface ToolServerAdmin {
  /**
   * D196: connects a tool server under a name, or, when the organization already has one of that name, moves it to
   * `url` and refreshes it, so a restart with the same data dir (the stand-in on a new port) keeps one server and
   * one Skill.
   */
  connectOrRefresh(
    actor: LocalActor,
    input: { name: string; url: string; headers?: Readonly<Record<string, string>> },
  ): Promise<ToolServerJson>;
}

/** The ToolServerAdmin of a service. */
export function createToolServerAdmin(context: ServiceContext): ToolServerAdmin {
  return {
    async connectOrRefresh(actor, input) {
      const organization = await ensureOrganization(context.store.db, actor.organization, context.now());
      const existing = await withToolServerTables(context.store.db)
        .selectFrom("tool_servers")
        .selectAll()
        .where("organization_id", "=", organization.id)
        .where("name", "=", input.name)
        .orderBy("id")
        .executeTakeFirst();
      const row =
        existing === undefined
          ? await connectToolServer(context, {
              organizationId: organization.id,
              name: input.name,
              url: input.url,
              headers: input.headers ?? {},
            })
          : await refreshToolServer(context, existing, { url: input.url });
      return showToolServer(row);
    },
  };
}

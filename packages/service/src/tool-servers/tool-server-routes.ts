import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { type FeatureRoutes, principalOf, type Route } from "../http/route.ts";
import { parseIdParam } from "../store/index.ts";
import { showToolServer } from "./show-tool-server.ts";
import { connectToolServer, findToolServer, refreshToolServer, removeToolServer } from "./tool-server-store.ts";
import { withToolServerTables } from "./tool-server-tables.ts";
import type { ToolServersContext } from "./tool-servers-context.ts";

/** `POST /api/v1/tool-servers`: connect, list the tools, create the Skill (project-scoped token, D119). */
export const createToolServerRoute: Route<"create-tool-server", ToolServersContext> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeAppManagement(principalOf(input));
    const { name, url, headers } = input.body;
    const row = await connectToolServer(context, { organizationId, name, url, headers });
    return { status: 201, body: showToolServer(row), headers: { location: `/api/v1/tool-servers/${row.id}` } };
  },
};

/** `GET /api/v1/tool-servers`. */
export const listToolServersRoute: Route<"list-tool-servers", ToolServersContext> = {
  auth: "api",
  async handler(input, context) {
    const rows = await withToolServerTables(context.store.db)
      .selectFrom("tool_servers")
      .selectAll()
      .where("organization_id", "=", principalOf(input).organizationId)
      .orderBy("id")
      .execute();
    return { status: 200, body: { items: rows.map(showToolServer) } };
  },
};

const idOf = (params: Readonly<Record<string, string>>) => params.tool_server_id;

/** `GET /api/v1/tool-servers/{tool_server_id}`. */
export const getToolServerRoute: Route<"get-tool-server", ToolServersContext> = {
  auth: "api",
  async handler(input, context) {
    const shown = idOf(input.params);
    const row = await findToolServer(context, principalOf(input).organizationId, parseIdParam(shown), shown);
    return { status: 200, body: showToolServer(row) };
  },
};

/** `POST /api/v1/tool-servers/{tool_server_id}/refresh`: its Skill gets exactly the server's tools now. */
export const refreshToolServerRoute: Route<"refresh-tool-server", ToolServersContext> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeAppManagement(principalOf(input));
    const shown = idOf(input.params);
    const row = await findToolServer(context, organizationId, parseIdParam(shown), shown);
    return { status: 200, body: showToolServer(await refreshToolServer(context, row)) };
  },
};

/** `DELETE /api/v1/tool-servers/{tool_server_id}`: the server and its Skill. */
export const deleteToolServerRoute: Route<"delete-tool-server", ToolServersContext> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeAppManagement(principalOf(input));
    const shown = idOf(input.params);
    await removeToolServer(context, await findToolServer(context, organizationId, parseIdParam(shown), shown));
    return { status: 204 };
  },
};

/** The tool-server routes. */
export const TOOL_SERVER_ROUTES = {
  "create-tool-server": createToolServerRoute,
  "list-tool-servers": listToolServersRoute,
  "get-tool-server": getToolServerRoute,
  "refresh-tool-server": refreshToolServerRoute,
  "delete-tool-server": deleteToolServerRoute,
} satisfies FeatureRoutes<ToolServersContext>;

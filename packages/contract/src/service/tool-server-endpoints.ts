import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { BEARER, created, E, noContent, ok, problem } from "./endpoint-parts.ts";
import { toolServerCreateSchema, toolServerListSchema, toolServerResourceSchema } from "./tool-server.ts";

const serverParams = { tool_server_id: { description: "The tool server's id.", schema: z.int().positive() } } as const;
const EXAMPLE_SERVER = {
  id: 1,
  organization_id: 1,
  name: "Weather",
  url: "https://tools.example/mcp",
  header_names: ["Authorization"],
  skill_id: 3,
  server_name: "weather-tools",
  tools: [
    {
      name: "forecast",
      description: "The forecast for a city.",
      input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
  created_at: "2026-11-25T10:00:00.000Z",
  refreshed_at: "2026-11-25T10:00:00.000Z",
  last_refresh_at: "2026-11-25T10:00:00.000Z",
  last_refresh_error: null,
};
const WORKFLOW_SCOPED = problem(
  "forbidden",
  "A workflow-scoped token cannot connect, refresh or remove tool servers.",
  "A workflow-scoped token cannot register, change or install Apps; use a project-scoped token.",
);
const UNREACHABLE = problem(
  "tool_server_failed",
  "The server could not be reached, timed out or did not answer as a Model Context Protocol server; nothing was changed.",
  "The tool server at https://tools.example/mcp could not be reached: connect ECONNREFUSED.",
);

/** External tool servers (A13): a Model Context Protocol server whose tools become a Skill. */
export const TOOL_SERVER_ENDPOINTS = [
  {
    id: "create-tool-server",
    method: "POST",
    path: "/api/v1/tool-servers",
    summary:
      "Connect a Model Context Protocol server (Streamable HTTP): list its tools and create a Skill of them, in one step.",
    tags: ["skills"],
    security: BEARER,
    request: { schema: toolServerCreateSchema, example: { name: "Weather", url: "https://tools.example/mcp" } },
    responses: {
      201: created(
        "Connected; its Skill is created.",
        toolServerResourceSchema,
        EXAMPLE_SERVER,
        "/api/v1/tool-servers/{tool_server_id}",
      ),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      413: E[413],
      429: E[429],
      502: UNREACHABLE,
    },
  },
  {
    id: "list-tool-servers",
    method: "GET",
    path: "/api/v1/tool-servers",
    summary: "The organization's tool servers, oldest first.",
    tags: ["skills"],
    security: BEARER,
    responses: {
      200: ok("The tool servers.", toolServerListSchema, { items: [EXAMPLE_SERVER] }),
      401: E[401],
      429: E[429],
    },
  },
  {
    id: "get-tool-server",
    method: "GET",
    path: "/api/v1/tool-servers/{tool_server_id}",
    pathParameters: serverParams,
    summary: "A tool server and its tools as last listed.",
    tags: ["skills"],
    security: BEARER,
    responses: {
      200: ok("The tool server.", toolServerResourceSchema, EXAMPLE_SERVER),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "refresh-tool-server",
    method: "POST",
    path: "/api/v1/tool-servers/{tool_server_id}/refresh",
    pathParameters: serverParams,
    summary: "List the server's tools again: its Skill gets exactly the tools the server has now.",
    tags: ["skills"],
    security: BEARER,
    responses: {
      200: ok("Refreshed.", toolServerResourceSchema, EXAMPLE_SERVER),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem(
        "conflict",
        "The stored headers were sealed under a service key this instance no longer has; connect the server again.",
        "The headers of tool server 1 cannot be opened with this instance's service keys; connect it again.",
      ),
      429: E[429],
      502: UNREACHABLE,
    },
  },
  {
    id: "delete-tool-server",
    method: "DELETE",
    path: "/api/v1/tool-servers/{tool_server_id}",
    pathParameters: serverParams,
    summary: "Disconnect a tool server; its Skill goes with it.",
    tags: ["skills"],
    security: BEARER,
    responses: { 204: noContent, 401: E[401], 403: WORKFLOW_SCOPED, 404: E[404], 429: E[429] },
  },
] as const satisfies readonly EndpointDef[];

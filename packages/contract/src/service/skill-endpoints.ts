import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { BEARER, created, E, noContent, ok, problem } from "./endpoint-parts.ts";
import { skillCreateSchema, skillResourceListSchema, skillResourceSchema, toolListSchema } from "./skill.ts";

const skillParams = { skill_id: { description: "The Skill's id.", schema: z.int().positive() } } as const;
const EXAMPLE_SKILL = {
  id: 1,
  organization_id: 1,
  project_id: null,
  name: "Mail",
  description: "Read and send the organization's mail.",
  knowledge: "Use search_mail to find messages and send_email to answer.",
  tool_names: ["search_mail", "send_email"],
  tools: [
    {
      name: "search_mail",
      description: "Search the mail received through the organization's mail App by sender, subject or words.",
      input_schema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    },
    {
      name: "send_email",
      description: "Send an e-mail through the organization's mail App.",
      input_schema: { type: "object", properties: { to: { type: "array" } }, required: ["to", "subject", "body"] },
    },
  ],
  credentials: [{ key: "mail_server", stored: true }],
  origin: "app",
  installation_id: "inst_3q2Xb9pLwQk7RrT1vYzA0c",
  created_at: "2026-11-25T10:00:00.000Z",
  updated_at: "2026-11-25T10:00:00.000Z",
};
const EXAMPLE_TOOL = {
  name: "search_documents",
  description: "Search the documents synced from the organization's sources.",
  input_schema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
};
const WORKFLOW_SCOPED = problem(
  "forbidden",
  "A workflow-scoped token cannot create or delete Skills.",
  "A workflow-scoped token cannot register, change or install Apps; use a project-scoped token.",
);

/** Skills (A13) and the built-in tools they name. */
export const SKILL_ENDPOINTS = [
  {
    id: "list-tools",
    method: "GET",
    path: "/api/v1/tools",
    summary: "The service's built-in tools, which Skills name in `tool_names`.",
    tags: ["skills"],
    security: BEARER,
    responses: { 200: ok("The tools.", toolListSchema, { items: [EXAMPLE_TOOL] }), 401: E[401], 429: E[429] },
  },
  {
    id: "create-skill",
    method: "POST",
    path: "/api/v1/skills",
    summary: "Create a Skill (a Skill-only integration): built-in tools, credential keys and knowledge text.",
    tags: ["skills"],
    security: BEARER,
    request: { schema: skillCreateSchema, example: { name: "Docs", tool_names: ["search_documents"] } },
    responses: {
      201: created(
        "Created.",
        skillResourceSchema,
        { ...EXAMPLE_SKILL, origin: "manual", installation_id: null },
        "/api/v1/skills/{skill_id}",
      ),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "list-skills",
    method: "GET",
    path: "/api/v1/skills",
    summary: "The organization's Skills, oldest first.",
    tags: ["skills"],
    security: BEARER,
    responses: {
      200: ok("The Skills.", skillResourceListSchema, { items: [EXAMPLE_SKILL] }),
      401: E[401],
      429: E[429],
    },
  },
  {
    id: "get-skill",
    method: "GET",
    path: "/api/v1/skills/{skill_id}",
    pathParameters: skillParams,
    summary: "A Skill.",
    tags: ["skills"],
    security: BEARER,
    responses: { 200: ok("The Skill.", skillResourceSchema, EXAMPLE_SKILL), 401: E[401], 404: E[404], 429: E[429] },
  },
  {
    id: "delete-skill",
    method: "DELETE",
    path: "/api/v1/skills/{skill_id}",
    pathParameters: skillParams,
    summary: "Delete a Skill made through the API; an App's Skill goes with its uninstall (409).",
    tags: ["skills"],
    security: BEARER,
    responses: {
      204: noContent,
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem(
        "conflict",
        "The Skill was created by an installation or a tool server; uninstall or disconnect that instead.",
        "Skill 1 belongs to installation inst_…; uninstall it instead.",
      ),
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];

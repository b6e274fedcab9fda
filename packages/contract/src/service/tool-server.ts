import { z } from "zod";
import { httpUrlSchema, idSchema, instantSchema, nameSchema } from "./common.ts";
import { toolSchema } from "./skill.ts";

// RFC 9110 token characters; a header the transport sets itself may not be given.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "accept",
  "connection",
  "transfer-encoding",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
]);

/** Headers sent with every request to a tool server, such as `Authorization`: secrets, sealed at rest (D192). */
export const toolServerHeadersSchema = z
  .record(
    z
      .string()
      .regex(HEADER_NAME, "must be an HTTP header name")
      .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), "is set by the transport itself"),
    z
      .string()
      .min(1)
      .max(4096)
      .regex(/^[\t\x20-\x7e]*$/, "must not contain control characters"),
  )
  .refine((headers) => Object.keys(headers).length <= 20, "at most 20 headers")
  .meta({ description: "Sent with every request to the server (e.g. Authorization); never shown again." });

/** The body of `POST /api/v1/tool-servers`: a Model Context Protocol server over Streamable HTTP (A13). */
export const toolServerCreateSchema = z
  .strictObject({
    name: nameSchema.meta({ description: "Also the name of the Skill created from its tools." }),
    url: httpUrlSchema.meta({ description: "The server's Streamable HTTP endpoint, e.g. https://tools.example/mcp." }),
    headers: toolServerHeadersSchema.default({}),
  })
  .meta({
    title: "Tool server create request",
    examples: [
      { name: "Weather", url: "https://tools.example/mcp", headers: { Authorization: "Bearer mcp_9f2c41d7" } },
    ],
  });

/** A connected tool server as the API shows it: its tools and the Skill made of them, never a header value. */
export const toolServerResourceSchema = z
  .object({
    id: idSchema,
    organization_id: idSchema,
    name: z.string(),
    url: z.string(),
    header_names: z.array(z.string()).meta({ description: "The names of the stored headers (values never shown)." }),
    skill_id: idSchema.meta({ description: "The Skill created from its tools (origin tool_server)." }),
    server_name: z.string().meta({ description: "The name the server gave itself when connected." }),
    tools: z.array(toolSchema).meta({ description: "Its tools as last listed, in the server's order." }),
    created_at: instantSchema,
    refreshed_at: instantSchema.meta({ description: "When its tools were last listed successfully." }),
    last_refresh_at: instantSchema.meta({
      description: "When it was last refreshed, on schedule or on demand, whether that worked or not.",
    }),
    last_refresh_error: z.string().nullable().meta({
      description: "Why the last refresh failed (its tools and Skill were kept as they were); null when it worked.",
    }),
  })
  .meta({ title: "Tool server" });

/** `GET /api/v1/tool-servers`. */
export const toolServerListSchema = z
  .object({ items: z.array(toolServerResourceSchema) })
  .meta({ title: "Tool server list" });

export type ToolServerJson = z.infer<typeof toolServerResourceSchema>;

export type ToolJson = z.infer<typeof toolSchema>;

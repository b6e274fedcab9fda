import { z } from "zod";
import { idSchema, instantSchema, nameSchema, storableText } from "./common.ts";

/** The body of `POST /api/v1/skills`: a Skill-only integration (A13, contract.md#integration-shapes). */
export const skillCreateSchema = z
  .strictObject({
    name: nameSchema,
    description: storableText(z.string().max(2000)).default(""),
    knowledge: storableText(z.string().max(65_536))
      .default("")
      .meta({ description: "Injected into every agent it is assigned to." }),
    tool_names: z
      .array(z.string().min(1).max(100))
      .max(100)
      .default([])
      .meta({ description: "Built-in tools (GET /api/v1/tools)." }),
    credential_keys: z.array(z.string().min(1).max(200)).max(50).default([]).meta({
      description: "Credential keys, shared with every App and Skill of the organization declaring the same key (A5).",
    }),
  })
  .meta({ title: "Skill create request", examples: [{ name: "Docs", tool_names: ["search_documents"] }] });

/** A tool (built-in, or a tool server's): its name, what it does and its input's JSON Schema. */
export const toolSchema = z
  .object({ name: z.string(), description: z.string(), input_schema: z.record(z.string(), z.unknown()) })
  .meta({ title: "Tool" });

/** A Skill as the API shows it. */
export const skillResourceSchema = z
  .object({
    id: idSchema,
    organization_id: idSchema,
    project_id: idSchema.nullable().meta({
      description:
        "The project whose token (or installation) made it; a manual Skill is deleted only with that project's token. Null when none was recorded.",
    }),
    name: z.string(),
    description: z.string(),
    knowledge: z.string(),
    tool_names: z.array(z.string()),
    tools: z.array(toolSchema).meta({
      description:
        "Each of tool_names with its description and input schema: the built-in tool's, or the tool server's as last listed.",
    }),
    credentials: z
      .array(z.object({ key: z.string(), stored: z.boolean() }))
      .meta({ description: "Each credential key and whether the organization holds a record for it (never a value)." }),
    origin: z.enum(["manual", "app", "tool_server"]),
    installation_id: z.string().nullable().meta({ description: "The installation that created it (origin app)." }),
    created_at: instantSchema,
    updated_at: instantSchema,
  })
  .meta({ title: "Skill" });

/** `GET /api/v1/skills`. */
export const skillResourceListSchema = z.object({ items: z.array(skillResourceSchema) }).meta({ title: "Skill list" });

/** `GET /api/v1/tools`. */
export const toolListSchema = z.object({ items: z.array(toolSchema) }).meta({ title: "Tool list" });

export type SkillJson = z.infer<typeof skillResourceSchema>;

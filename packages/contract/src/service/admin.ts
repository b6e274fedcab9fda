import { z } from "zod";
import { idSchema, instantSchema, nameSchema } from "./common.ts";

/** The body of `POST /api/v1/admin/organizations`. */
export const organizationCreateSchema = z.strictObject({ name: nameSchema }).meta({
  title: "Organization create request",
  examples: [{ name: "Acme" }],
});

/** An organization: the boundary no token crosses. */
export const organizationSchema = z
  .object({ id: idSchema, name: z.string(), created_at: instantSchema })
  .meta({ title: "Organization" });

/** The body of `POST /api/v1/admin/projects`. */
export const projectCreateSchema = z.strictObject({ organization_id: idSchema, name: nameSchema }).meta({
  title: "Project create request",
  examples: [{ organization_id: 1, name: "Default" }],
});

/** A project inside an organization. */
export const projectSchema = z
  .object({ id: idSchema, organization_id: idSchema, name: z.string(), created_at: instantSchema })
  .meta({ title: "Project" });

/** D16: the body of `POST /api/v1/admin/tokens`: a token scoped to exactly one project or one workflow. */
export const apiTokenCreateSchema = z
  .union([
    z.strictObject({ project_id: idSchema, name: nameSchema.optional() }),
    z.strictObject({ workflow_id: idSchema, name: nameSchema.optional() }),
  ])
  .meta({ title: "API token create request", examples: [{ project_id: 2, name: "CI" }, { workflow_id: 7 }] });

/** An API token record; `token` is present only in the answer that created it. */
export const apiTokenSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    organization_id: idSchema,
    scope: z.enum(["project", "workflow"]),
    project_id: idSchema.nullable(),
    workflow_id: idSchema.nullable(),
    created_at: instantSchema,
    token: z.string().startsWith("ak_").optional().meta({ description: "Shown once, at creation." }),
  })
  .meta({
    title: "API token",
    examples: [
      {
        id: 4,
        name: "CI",
        organization_id: 1,
        scope: "project",
        project_id: 2,
        workflow_id: null,
        created_at: "2025-01-01T09:00:00.000Z",
        token: "ak_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5",
      },
    ],
  });

export type OrganizationCreate = z.infer<typeof organizationCreateSchema>;
export type Organization = z.infer<typeof organizationSchema>;
export type ProjectCreate = z.infer<typeof projectCreateSchema>;
export type Project = z.infer<typeof projectSchema>;
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;
export type ApiToken = z.infer<typeof apiTokenSchema>;

import { z } from "zod";
import { httpUrlSchema, idSchema, instantSchema, nameSchema, withoutControls } from "./common.ts";

/** One stage of a workflow: a name unique in its workflow and the action the executor runs. */
export const stageSchema = z
  .strictObject({
    name: withoutControls(z.string().min(1).max(100)).meta({
      description: "Unique within the workflow; app-event triggers target it.",
    }),
    action: z.string().min(1).max(100).meta({
      description: "What the executor runs; the reference executor knows echo, fail, wait and deliver.",
    }),
    params: z.record(z.string(), z.unknown()).optional().meta({ description: "Action parameters." }),
  })
  .meta({ title: "Stage", examples: [{ name: "greet", action: "echo", params: { text: "hello" } }] });

/** D16: a workflow as the management API returns it. */
export const workflowSchema = z
  .object({
    id: idSchema,
    organization_id: idSchema,
    project_id: idSchema,
    name: z.string(),
    prompt_for_task_description: z.boolean(),
    stages: z.array(stageSchema),
    callback_url: httpUrlSchema.nullable(),
    created_at: instantSchema,
    updated_at: instantSchema,
  })
  .meta({
    title: "Workflow",
    examples: [
      {
        id: 7,
        organization_id: 1,
        project_id: 2,
        name: "Triage",
        prompt_for_task_description: false,
        stages: [{ name: "greet", action: "echo" }],
        callback_url: null,
        created_at: "2025-01-01T09:00:00.000Z",
        updated_at: "2025-01-01T09:00:00.000Z",
      },
    ],
  });

const stagesSchema = z.array(stageSchema).max(100);

/** D16: the body of `POST /api/v1/workflows`. */
export const workflowCreateSchema = z
  .strictObject({
    name: nameSchema,
    project_id: idSchema.optional().meta({ description: "Defaults to the token's project." }),
    prompt_for_task_description: z.boolean().optional().meta({ description: "Default false." }),
    stages: stagesSchema.optional().meta({ description: "Default []." }),
    callback_url: httpUrlSchema.nullable().optional(),
  })
  .meta({
    title: "Workflow create request",
    examples: [{ name: "Triage", stages: [{ name: "greet", action: "echo" }] }],
  });

/** D16: the body of `PATCH /api/v1/workflows/{id}`; every field optional, at least one given. */
export const workflowPatchSchema = z
  .strictObject({
    name: nameSchema.optional(),
    project_id: idSchema.optional(),
    prompt_for_task_description: z.boolean().optional(),
    stages: stagesSchema.optional(),
    callback_url: httpUrlSchema.nullable().optional(),
  })
  .meta({ title: "Workflow patch request", examples: [{ prompt_for_task_description: true }] });

/** The answer of `GET /api/v1/workflows`: every workflow the token can see. */
export const workflowListSchema = z.object({ items: z.array(workflowSchema) }).meta({ title: "Workflow list" });

export type Stage = z.infer<typeof stageSchema>;
export type Workflow = z.infer<typeof workflowSchema>;
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;
export type WorkflowPatch = z.infer<typeof workflowPatchSchema>;
export type WorkflowList = z.infer<typeof workflowListSchema>;

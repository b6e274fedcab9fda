import { z } from "zod";
import { idSchema, instantSchema } from "./common.ts";

/** D24: the lifecycle of a run: queued → running → completed | failed. */
export const RUN_STATUSES = ["queued", "running", "completed", "failed"] as const;

/** What started a run: the API, a webhook, a schedule, Fire Now, or an app event. */
export const RUN_SOURCES = ["api", "webhook", "schedule", "manual", "app_event"] as const;

/** How the initial input arrived: parsed JSON, a plain-text message, or none. */
export const INPUT_TYPES = ["json", "text"] as const;

/** D24: one output event a run emitted while it ran. */
export const runOutputSchema = z
  .object({
    sequence: z.int().nonnegative(),
    stage: z.string(),
    data: z.unknown(),
    emitted_at: instantSchema,
  })
  .meta({ title: "Run output" });

/** The answer of `GET /api/v1/workflow-runs/{id}`. */
export const workflowRunSchema = z
  .object({
    id: idSchema,
    workflow_id: idSchema,
    session_id: idSchema,
    trigger_id: idSchema.nullable(),
    source: z.enum(RUN_SOURCES),
    status: z.enum(RUN_STATUSES),
    input_type: z.enum(INPUT_TYPES).nullable().meta({ description: "null when the run started without input." }),
    input: z.unknown().meta({ description: "The JSON value, or the text message; null without input." }),
    start_stage: z.string().nullable().meta({ description: "The stage the run starts at; null for the first." }),
    output: z.unknown().meta({ description: "The result of the last stage once completed; null before." }),
    error: z.string().nullable(),
    outputs: z.array(runOutputSchema),
    created_at: instantSchema,
    started_at: instantSchema.nullable(),
    finished_at: instantSchema.nullable(),
  })
  .meta({
    title: "Workflow run",
    examples: [
      {
        id: 129,
        workflow_id: 7,
        session_id: 129,
        trigger_id: 3,
        source: "webhook",
        status: "completed",
        input_type: "json",
        input: { order: 1 },
        start_stage: null,
        output: { order: 1 },
        error: null,
        outputs: [{ sequence: 0, stage: "greet", data: { order: 1 }, emitted_at: "2025-01-01T09:00:01.000Z" }],
        created_at: "2025-01-01T09:00:00.000Z",
        started_at: "2025-01-01T09:00:00.500Z",
        finished_at: "2025-01-01T09:00:01.000Z",
      },
    ],
  });

export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunSource = (typeof RUN_SOURCES)[number];
export type InputType = (typeof INPUT_TYPES)[number];
export type RunOutput = z.infer<typeof runOutputSchema>;
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

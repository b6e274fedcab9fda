import { z } from "zod";
import { slugSchema } from "../adapter/manifest.ts";
import { idSchema, instantSchema } from "./common.ts";

/** A2: a review waits (`queued`), runs, then `passed`, `failed` (a required check failed) or `errored` (no verdict). */
export const REVIEW_STATES = ["queued", "running", "passed", "failed", "errored"] as const;

/** One way a check found the adapter wrong: what was expected and seen, where (JSON Pointer), how to reproduce it. */
export const reviewFailureSchema = z
  .object({
    endpoint: z.string(),
    message: z.string(),
    expected: z.string().optional(),
    actual: z.string().optional(),
    pointer: z.string().optional().meta({ description: "JSON Pointer of the offending field." }),
    curl: z.string().optional().meta({ description: "A curl line reproducing the call, secrets redacted." }),
    step: z.string().optional(),
  })
  .meta({ title: "Review check failure" });

/** One check of the runner's report. */
export const reviewCheckSchema = z
  .object({
    id: z.string(),
    level: z.enum(["required", "recommended"]),
    status: z.enum(["passed", "failed", "not_applicable", "skipped"]),
    rationale: z.string(),
    reason: z.string().optional(),
    duration_ms: z.number().nonnegative(),
    failures: z.array(reviewFailureSchema),
  })
  .meta({ title: "Review check" });

/**
 * The checks of one group (architecture.md#check-groups: manifest, health, endpoints, verify, …), in the report's
 * order.
 */
export const reviewGroupSchema = z
  .object({
    group: z.string(),
    passed: z.int().nonnegative(),
    failed: z.int().nonnegative(),
    not_applicable: z.int().nonnegative(),
    checks: z.array(reviewCheckSchema),
  })
  .meta({ title: "Review check group" });

const count = z.int().nonnegative();

/** D592: one reason a whole group of a review's checks failed, in plain words, with the checks it explains. */
export const reviewCauseSchema = z
  .object({
    cause: z.string().meta({ description: "What to do, in one or two sentences." }),
    checks: z.array(z.string()).meta({ description: "The ids of the failed checks this cause explains." }),
  })
  .meta({ title: "Review cause" });

/** A2: one conformance review of an App version: its progress while it runs, then its counts and checks by group. */
export const reviewSchema = z
  .object({
    id: idSchema,
    app: slugSchema,
    version: z.int().positive().meta({ description: "The App version under review." }),
    state: z.enum(REVIEW_STATES),
    progress: z.object({ done: count, total: count }).meta({ description: "Checks finished of the run's total." }),
    counts: z.object({ passed: count, failed: count, not_applicable: count }),
    result: z
      .enum(["passed", "failed", "unreachable"])
      .nullable()
      .meta({ description: "The runner's result once the report is stored; null before." }),
    error: z
      .string()
      .nullable()
      .meta({ description: "Why the review ended without a verdict, or the adapter was unreachable." }),
    attempts: count.meta({
      description:
        "Runs started; a run cut short by a restart runs again, and one found cut short a third time ends errored.",
    }),
    created_at: instantSchema,
    started_at: instantSchema.nullable(),
    finished_at: instantSchema.nullable(),
    groups: z
      .array(reviewGroupSchema)
      .nullable()
      .meta({ description: "The report's checks grouped, once the review finished with a report; null before." }),
    causes: z.array(reviewCauseSchema).nullable().meta({
      description:
        "A failed review's plain causes, each said once with the failed checks it explains (an adapter that accepts unsigned calls; fixtures that lack a required credential of the reviewed version); empty when none applies, null in lists and before a failed verdict.",
    }),
  })
  .meta({ title: "Review" });

/** `GET /api/v1/apps/{slug}/reviews`: newest first, without the checks. */
export const reviewListSchema = z.object({ items: z.array(reviewSchema) }).meta({ title: "Review list" });

/** The App's conformance fixtures file as stored (its text is sealed: it carries credentials for /verify). */
export const appFixturesSchema = z
  .object({
    app: slugSchema,
    uploaded: z.boolean(),
    sha256: z.string().length(64).nullable(),
    bytes: count,
    updated_at: instantSchema.nullable(),
  })
  .meta({ title: "App fixtures" });

export type ReviewJson = z.infer<typeof reviewSchema>;
export type ReviewGroup = z.infer<typeof reviewGroupSchema>;
export type ReviewCause = z.infer<typeof reviewCauseSchema>;
export type AppFixturesJson = z.infer<typeof appFixturesSchema>;

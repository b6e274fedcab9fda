import { z } from "zod";
import { slugSchema } from "../adapter/manifest.ts";
import { idSchema, instantSchema } from "./common.ts";

/** D580: an upgrade job waits (`queued`), runs, then ends `done`, `cancelled` or `failed` (it could not go on). */
export const UPGRADE_STATES = ["queued", "running", "done", "cancelled", "failed"] as const;

/** D581: what an upgrade did with one installation. */
export const UPGRADE_OUTCOMES = ["moved", "kept", "action_needed"] as const;

const count = z.int().nonnegative();

/** One installation an upgrade job chose, and what it did with it once handled (null outcome: not yet). */
export const upgradeResultSchema = z
  .object({
    installation_id: z.string().meta({ description: "The installation's id (its page is its organization's only)." }),
    from_version: z.int().positive().meta({ description: "The version it was on when the job chose it." }),
    outcome: z.enum(UPGRADE_OUTCOMES).nullable().meta({
      description:
        "moved (to the job's version), kept (left where it was: changed meanwhile, or the job was cancelled first), action_needed (left and marked: a credential the version adds, or /verify refused); null until handled.",
    }),
    reason: z
      .string()
      .nullable()
      .meta({ description: "Why it was kept or marked; null when moved or not yet handled." }),
    handled_at: instantSchema.nullable(),
  })
  .meta({ title: "Upgrade result" });

/** D580: an upgrade of an App's installations as tracked work, with its per-installation results. */
export const upgradeJobSchema = z
  .object({
    id: idSchema,
    app: slugSchema,
    to_version: z.int().positive().meta({ description: "The published version the installations move to." }),
    from_versions: z.array(z.int().positive()).meta({ description: "The versions the chosen installations were on." }),
    share: z
      .object({ percent: z.int().positive().nullable(), count: z.int().positive().nullable() })
      .meta({ description: "The share asked for; both null means all." }),
    requested_by: z.string().meta({ description: "Who started it: the API token or the portal session's token." }),
    state: z.enum(UPGRADE_STATES),
    cancel_requested: z.boolean(),
    progress: z.object({ done: count, total: count }).meta({ description: "Installations handled of those chosen." }),
    counts: z.object({ moved: count, kept: count, action_needed: count }),
    error: z.string().nullable().meta({ description: "Why a failed job stopped." }),
    created_at: instantSchema,
    started_at: instantSchema.nullable(),
    finished_at: instantSchema.nullable(),
    results: z
      .array(upgradeResultSchema)
      .optional()
      .meta({ description: "Each chosen installation in the order they are handled (one job's view only)." }),
  })
  .meta({ title: "Upgrade job" });

/** The App's upgrade jobs, newest first, without their results. */
export const upgradeJobListSchema = z.object({ items: z.array(upgradeJobSchema) }).meta({ title: "Upgrade job list" });

export type UpgradeJobJson = z.infer<typeof upgradeJobSchema>;
export type UpgradeResultJson = z.infer<typeof upgradeResultSchema>;
export type UpgradeState = (typeof UPGRADE_STATES)[number];
export type UpgradeOutcome = (typeof UPGRADE_OUTCOMES)[number];

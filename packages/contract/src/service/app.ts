import { z } from "zod";
import { manifestSchema, slugSchema } from "../adapter/manifest.ts";
import { idSchema, instantSchema } from "./common.ts";
import { credentialInputSchema } from "./installation.ts";

/** An adapter base URL to register: http(s), no query or fragment; its last path segment is the slug (D1). */
export const adapterBaseUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((value) => !/[?#]/.test(value), "a base URL carries no query or fragment")
  .meta({ description: "The adapter's base URL, e.g. http://localhost:3100/chat (D1)." });

/** The body of `POST /api/v1/apps/preview` and `POST /api/v1/apps`. */
export const appRegisterSchema = z
  .strictObject({ base_url: adapterBaseUrlSchema })
  .meta({ title: "App register request", examples: [{ base_url: "http://localhost:3100/chat" }] });

/** A1 listing states (contract.md#app-listing): draft → in_review → published; a failed review returns to draft. */
export const APP_STATES = ["draft", "in_review", "published"] as const;

/** A8: the App's health as the service last polled it. */
export const appHealthSchema = z
  .object({
    status: z.enum(["unknown", "ready", "unready", "down"]).meta({
      description: "unknown until polled; ready; unready (answered, not ready); down after three failures in a row.",
    }),
    version: z.string().nullable().meta({ description: "The `version` /health last reported." }),
    checked_at: instantSchema.nullable(),
  })
  .meta({ title: "App health" });

/** A7: the outcomes and latency of the service's calls to one endpoint of the App since this instance started. */
export const appCallStatsSchema = z
  .object({
    endpoint: z.string(),
    ok: z.int().nonnegative(),
    failed: z.int().nonnegative(),
    timed_out: z.int().nonnegative(),
    mean_ms: z.number().nonnegative(),
    max_ms: z.number().nonnegative(),
  })
  .meta({ title: "App call statistics" });

/** What registration would create: the fetched manifest and health, and every problem found (A1). */
export const appPreviewSchema = z
  .object({
    base_url: z.string(),
    slug: slugSchema,
    manifest: manifestSchema,
    manifest_sha256: z.string().length(64),
    health: z.object({ status: z.string(), version: z.string(), adapter: z.string() }).nullable(),
    problems: z.array(z.string()).meta({ description: "What would keep the App from working; empty when none." }),
    slug_taken: z.boolean(),
  })
  .meta({ title: "App preview" });

/** An App listing (A1). The author sees its latest version; others see the published one. */
export const appSchema = z
  .object({
    slug: slugSchema,
    name: z.string(),
    base_url: z.string(),
    state: z.enum(APP_STATES),
    organization_id: idSchema.meta({ description: "The author's organization." }),
    version: z.int().positive().meta({ description: "The app_versions number shown (latest to the author)." }),
    latest_version: z.int().positive(),
    published_version: z.int().positive().nullable(),
    manifest: manifestSchema,
    manifest_sha256: z.string().length(64),
    review_report: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The last review's conformance report (conformance/report.schema.json); null before one." }),
    health: appHealthSchema,
    calls: z.array(appCallStatsSchema),
    created_at: instantSchema,
    updated_at: instantSchema,
  })
  .meta({ title: "App" });

/** `GET /api/v1/apps`. */
export const appListSchema = z.object({ items: z.array(appSchema) }).meta({ title: "App list" });

/** The body of `POST /api/v1/admin/apps/{slug}/review`: the outcome of a review (A2 automates it later). */
export const appReviewSchema = z
  .strictObject({ passed: z.boolean(), report: z.record(z.string(), z.unknown()).optional() })
  .meta({ title: "App review outcome", examples: [{ passed: true }] });

/** A3: the App's signing secret, shown to its author to set as the adapter's ADAPTER_SIGNING_SECRET. */
export const appSigningSecretSchema = z
  .object({
    slug: slugSchema,
    secret: z.string().startsWith("whsec_"),
    created_at: instantSchema,
    previous_secret_expires_at: instantSchema.nullable().meta({
      description: "Until when calls also carry a signature made with the replaced secret (D103); null otherwise.",
    }),
  })
  .meta({ title: "App signing secret" });

/** The body of `POST /api/v1/apps/{slug}/verify`: the credentials to try, as an installation would give them. */
export const appVerifySchema = z
  .strictObject({ credentials: credentialInputSchema })
  .meta({ title: "App verify request", examples: [{ credentials: { chat_bot_token: "xoxb-…" } }] });

/** The adapter accepted the credentials: who they belong to, by its /verify (null when the App declares none). */
export const appVerificationSchema = z
  .object({
    verified: z.literal(true),
    user: z.string().nullable().meta({ description: "Who /verify said the credentials belong to." }),
  })
  .meta({ title: "App verification" });

/** The body of `POST /api/v1/apps/{slug}/publish` (D450): which approved version to publish. */
export const appPublishSchema = z
  .strictObject({
    version: z.int().positive().optional().meta({
      description: "A version whose newest review passed; by default the newest such version.",
    }),
  })
  .default({})
  .meta({ title: "App publish request", examples: [{}, { version: 2 }] });

/** The body of `POST /api/v1/apps/{slug}/installations/upgrade` (D451): all installations, or a share of them. */
export const installationUpgradeSchema = z
  .strictObject({
    percent: z.int().min(1).max(100).optional().meta({ description: "Move this share of the ones not on it yet." }),
    count: z.int().min(1).max(10_000).optional().meta({ description: "Move at most this many." }),
  })
  .refine((body) => body.percent === undefined || body.count === undefined, {
    message: "give percent or count, not both",
    path: ["count"],
  })
  .default({})
  .meta({ title: "Installation upgrade request", examples: [{}, { percent: 10 }, { count: 5 }] });

/** What an upgrade or a move back did (D451, D454): counts only, as the installations are other organizations'. */
export const installationMoveResultSchema = z
  .object({
    app: slugSchema,
    version: z.int().positive().meta({
      description:
        "The published version: what an upgrade moved installations to, what a move back moved them away from (each to the version it came from).",
    }),
    moved: z.int().nonnegative().meta({ description: "Installations this call moved." }),
    action_needed: z.int().nonnegative().meta({
      description: "Installations left where they were and marked: a credential the version adds, or /verify refused.",
    }),
    remaining: z.int().nonnegative().meta({
      description: "Installations still on another version that this call did not try (a share, or the 200 cap).",
    }),
  })
  .meta({ title: "Installation move result" });

export type AppJson = z.infer<typeof appSchema>;
export type AppVerificationJson = z.infer<typeof appVerificationSchema>;
export type AppPreview = z.infer<typeof appPreviewSchema>;
export type AppSigningSecret = z.infer<typeof appSigningSecretSchema>;
export type AppCallStats = z.infer<typeof appCallStatsSchema>;

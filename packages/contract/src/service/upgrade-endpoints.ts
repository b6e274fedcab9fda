import { z } from "zod";
import { slugSchema } from "../adapter/manifest.ts";
import type { EndpointDef } from "../endpoint.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import { upgradeJobListSchema, upgradeJobSchema } from "./upgrade.ts";

const upgradeParams = {
  slug: { description: "The App's slug.", schema: slugSchema },
  upgrade_id: { description: "The upgrade job's id.", schema: z.int().positive() },
} as const;

/** An upgrade job as `POST …/installations/upgrade` answers it (queued) and `GET …/upgrades/{id}` shows it. */
export const EXAMPLE_UPGRADE_JOB = {
  id: 4,
  app: "chat",
  to_version: 2,
  from_versions: [1],
  share: { percent: 10, count: null },
  requested_by: "token 12",
  state: "running",
  cancel_requested: false,
  progress: { done: 3, total: 10 },
  counts: { moved: 2, kept: 0, action_needed: 1 },
  error: null,
  created_at: "2026-11-28T10:00:00.000Z",
  started_at: "2026-11-28T10:00:00.200Z",
  finished_at: null,
  results: [
    {
      installation_id: "inst_4FZbXq2mV7kP1sT9wLcR3d",
      from_version: 1,
      outcome: "moved",
      reason: null,
      handled_at: "2026-11-28T10:00:00.400Z",
    },
  ],
} as const;

const MANAGED_ELSEWHERE = problem(
  "forbidden",
  "A workflow-scoped token, or a token of another project than the one that registered the App (D584).",
  "App chat is managed by the project that registered it (project 3); use a token of that project.",
);

/** D580–D583: an upgrade of installations is a job; its progress, results and cancellation. */
export const UPGRADE_ENDPOINTS = [
  {
    id: "list-app-upgrades",
    method: "GET",
    path: "/api/v1/apps/{slug}/upgrades",
    pathParameters: { slug: upgradeParams.slug },
    summary: "The App's last 20 upgrade jobs, newest first, with their counts (not their per-installation results).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The jobs.", upgradeJobListSchema, { items: [{ ...EXAMPLE_UPGRADE_JOB, results: undefined }] }),
      401: E[401],
      403: MANAGED_ELSEWHERE,
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-app-upgrade",
    method: "GET",
    path: "/api/v1/apps/{slug}/upgrades/{upgrade_id}",
    pathParameters: upgradeParams,
    summary:
      "One upgrade job: its state and progress, and each chosen installation with what the job did with it (moved, kept, marked action needed, and why).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The job with its results.", upgradeJobSchema, EXAMPLE_UPGRADE_JOB),
      401: E[401],
      403: MANAGED_ELSEWHERE,
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "cancel-app-upgrade",
    method: "POST",
    path: "/api/v1/apps/{slug}/upgrades/{upgrade_id}/cancel",
    pathParameters: upgradeParams,
    summary:
      "Cancel an upgrade job (D582): a queued one ends at once; a running one stops after the installation in hand. The installations not yet handled stay where they are, recorded as kept.",
    tags: ["apps"],
    security: BEARER,
    responses: {
      202: ok("The job, cancelled or with its cancellation requested.", upgradeJobSchema, {
        ...EXAMPLE_UPGRADE_JOB,
        cancel_requested: true,
      }),
      401: E[401],
      403: MANAGED_ELSEWHERE,
      404: E[404],
      409: problem("conflict", "The job already ended.", "Upgrade 4 of App chat is done; there is nothing to cancel."),
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];

import { z } from "zod";
import { slugSchema } from "../adapter/manifest.ts";
import type { EndpointDef, ResponseDef } from "../endpoint.ts";
import { appPublishSchema, appSchema, installationMoveResultSchema, installationUpgradeSchema } from "./app.ts";
import { EXAMPLE_APP } from "./app-examples.ts";
import { BEARER, E, ok, problem } from "./endpoint-parts.ts";
import { appFixturesSchema, reviewListSchema, reviewSchema } from "./review.ts";
import { upgradeJobSchema } from "./upgrade.ts";
import { EXAMPLE_UPGRADE_JOB } from "./upgrade-endpoints.ts";

const slugParam = { slug: { description: "The App's slug.", schema: slugSchema } } as const;
const reviewParams = {
  ...slugParam,
  review_id: { description: "The review's id.", schema: z.int().positive() },
} as const;

const WORKFLOW_SCOPED = problem(
  "forbidden",
  "A workflow-scoped token cannot manage the organization's Apps; use a project-scoped token.",
  "A workflow-scoped token cannot register, change or install Apps.",
);

/** A review as `POST /submit` answers it and `GET /reviews/{id}` shows it. */
export const EXAMPLE_REVIEW = {
  id: 1,
  app: "chat",
  version: 1,
  state: "running",
  progress: { done: 12, total: 57 },
  counts: { passed: 11, failed: 0, not_applicable: 1 },
  result: null,
  error: null,
  attempts: 1,
  created_at: "2026-11-25T10:00:00.000Z",
  started_at: "2026-11-25T10:00:00.100Z",
  finished_at: null,
  groups: null,
  causes: null,
} as const;

const EXAMPLE_FIXTURES = {
  app: "chat",
  uploaded: true,
  sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  bytes: 812,
  updated_at: "2026-11-25T09:58:00.000Z",
} as const;

const REPORT_FORMATS = ["json", "junit", "html"] as const;

/** A2: Submit for Review runs the conformance runner in the service; its reviews, reports and fixtures file. */
export const REVIEW_ENDPOINTS = [
  {
    id: "submit-app",
    method: "POST",
    path: "/api/v1/apps/{slug}/submit",
    pathParameters: slugParam,
    summary:
      "Submit for Review (A2): draft → in_review and a conformance review queued; a review that passes leaves the version approved, ready to publish (D450), else the App returns to draft.",
    tags: ["apps"],
    security: BEARER,
    responses: {
      202: ok("The queued review; poll it for progress.", reviewSchema, { ...EXAMPLE_REVIEW, state: "queued" }),
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem("conflict", "The App's state does not allow a review.", "App chat is published, not a draft."),
      429: E[429],
    },
  },
  {
    id: "publish-app",
    method: "POST",
    path: "/api/v1/apps/{slug}/publish",
    pathParameters: slugParam,
    summary:
      "Publish a version whose newest review passed (D450): installations made from now on pin it; existing ones move only when asked (upgrade-installations).",
    tags: ["apps"],
    security: BEARER,
    request: { schema: appPublishSchema, example: { version: 2 } },
    responses: {
      200: ok("The App, published at that version.", appSchema, EXAMPLE_APP),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem(
        "conflict",
        "No version is approved: none has a passed review newer than the published one, or a review is running.",
        "Version 2 of App chat has no passed review; submit it for review first.",
      ),
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "upgrade-installations",
    method: "POST",
    path: "/api/v1/apps/{slug}/installations/upgrade",
    pathParameters: slugParam,
    summary:
      "Start an upgrade job (D580) moving installations of the App to its published version (D451), all or a share: the job runs in the background, re-verifying each with its own credentials; one that lacks a credential the version adds, or that /verify refuses, stays where it is, marked `action_needed`. One job at a time per App (409 while one is queued or running).",
    tags: ["apps"],
    security: BEARER,
    request: { schema: installationUpgradeSchema, example: { percent: 10 } },
    responses: {
      202: {
        ...ok("The upgrade job, queued; follow its Location for progress and results.", upgradeJobSchema, {
          ...EXAMPLE_UPGRADE_JOB,
          state: "queued",
          started_at: null,
          progress: { done: 0, total: 10 },
          counts: { moved: 0, kept: 0, action_needed: 0 },
          results: undefined,
        }),
        headers: {
          Location: {
            description: "The job: /api/v1/apps/{slug}/upgrades/{upgrade_id}.",
            schema: z.string(),
            required: true,
          },
        },
      },
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem(
        "conflict",
        "The App has no published version, or an upgrade job of it is queued or running.",
        "Upgrade 4 of App chat is running; wait for it or cancel it first.",
      ),
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "move-back-installations",
    method: "POST",
    path: "/api/v1/apps/{slug}/installations/move-back",
    pathParameters: slugParam,
    summary:
      "Move the installations an upgrade moved to the published version back to the version each came from (D454); clears `action_needed` marks for that version.",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("What moved back.", installationMoveResultSchema, {
        app: "chat",
        version: 2,
        moved: 9,
        action_needed: 0,
        remaining: 0,
      }),
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      409: problem("conflict", "The App has no published version.", "App chat has no published version."),
      429: E[429],
    },
  },
  {
    id: "list-app-reviews",
    method: "GET",
    path: "/api/v1/apps/{slug}/reviews",
    pathParameters: slugParam,
    summary: "The App's reviews, newest first (its author's organization only).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The reviews, without their checks.", reviewListSchema, { items: [EXAMPLE_REVIEW] }),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-app-review",
    method: "GET",
    path: "/api/v1/apps/{slug}/reviews/{review_id}",
    pathParameters: reviewParams,
    summary: "One review: state, progress and counts; once finished, the report's checks by group.",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The review.", reviewSchema, EXAMPLE_REVIEW),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
  {
    id: "get-app-review-report",
    method: "GET",
    path: "/api/v1/apps/{slug}/reviews/{review_id}/report",
    pathParameters: reviewParams,
    query: {
      format: {
        description: "json (the runner's report, default), junit (XML) or html.",
        schema: z.enum(REPORT_FORMATS),
      },
    },
    summary: "The finished review's conformance report: JSON as the runner wrote it, or JUnit XML or HTML from it.",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: {
        description: "The report (JSON by default; `application/xml` for junit, `text/html` for html).",
        schema: z.record(z.string(), z.unknown()),
        example: { report_version: "2", result: "passed", summary: { total: 57, passed: 50, failed: 0 } },
        alternatives: { "application/xml": {}, "text/html": {} },
      } as ResponseDef,
      400: E[400],
      401: E[401],
      404: E[404],
      409: problem("conflict", "The review has no report (yet).", "Review 3 is running; its report is not ready."),
      429: E[429],
    },
  },
  {
    id: "put-app-fixtures",
    method: "PUT",
    path: "/api/v1/apps/{slug}/fixtures",
    pathParameters: slugParam,
    summary:
      "Upload the App's conformance fixtures file (JSON text, `conformance/fixtures.schema.json`); a file the runner would refuse is a 400 naming the problem.",
    tags: ["apps"],
    security: BEARER,
    request: {
      schema: z.unknown(),
      contentType: "*/*",
      example: { credentials: { good: { token: "test-token" }, bad: { token: "wrong" } } },
    },
    responses: {
      200: ok("The stored file.", appFixturesSchema, EXAMPLE_FIXTURES),
      400: E[400],
      401: E[401],
      403: WORKFLOW_SCOPED,
      404: E[404],
      413: E[413],
      429: E[429],
    },
  },
  {
    id: "get-app-fixtures",
    method: "GET",
    path: "/api/v1/apps/{slug}/fixtures",
    pathParameters: slugParam,
    summary: "Whether the App has a fixtures file, its size and SHA-256 (the text itself is sealed).",
    tags: ["apps"],
    security: BEARER,
    responses: {
      200: ok("The fixtures file's summary.", appFixturesSchema, EXAMPLE_FIXTURES),
      401: E[401],
      404: E[404],
      429: E[429],
    },
  },
] as const satisfies readonly EndpointDef[];

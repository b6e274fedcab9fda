import type { HookResponse } from "@adapterkit/contract";
import type { Route } from "../http/route.ts";
import { isWebhookTokenShape } from "./fire-webhook.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** `POST /api/v1/hooks/{token}` (D14); `Idempotent-Replayed: true` marks a repeat's answer. */
export const hookRoute: Route<"hook", TriggersContext> = {
  auth: "none",
  keepsInboundCache: true,
  idempotent: true,
  rateLimitKey: ({ params }) => {
    const token = params.token ?? "";
    return isWebhookTokenShape(token) ? `hook:${token}` : undefined;
  },
  async handler(input, context) {
    const result = await context.hooks.fire({
      token: input.params.token ?? "",
      body: input.body,
      idempotencyKey: input.idempotencyKey,
    });
    if (!result.replayed) context.wakeWorker();
    const body: HookResponse = { workflow_run_id: result.workflowRunId, status: "started" };
    return {
      status: 201,
      body,
      headers: {
        Location: `/api/v1/workflow-runs/${result.workflowRunId}`,
        ...(result.replayed ? { "Idempotent-Replayed": "true" } : {}),
      },
    };
  },
};

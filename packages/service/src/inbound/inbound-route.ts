import type { Route } from "../http/route.ts";
import { isInstallationId } from "../installations/installation-id.ts";
import type { InboundContext } from "./inbound-context.ts";
import { receiveInbound } from "./receive-inbound.ts";

/**
 * `POST /api/v1/apps/{installation_id}/inbound` (D27, A9): 404/410 before the body is read, then the pipeline. It
 * changes nothing the inbound cache keeps, so the listener does not forget it after this route (D176).
 */
export const inboundRoute: Route<"inbound", InboundContext> = {
  auth: "none",
  keepsInboundCache: true,
  rateLimitBucket: "inbound",
  rateLimitKey: ({ params }) => {
    const id = params.installation_id ?? "";
    return isInstallationId(id) ? `inbound:${id}` : undefined;
  },
  async admit({ params }, context) {
    await context.inboundCache.open(params.installation_id ?? "");
  },
  async handler(input, context) {
    const request = input.request ?? { method: "POST", path: "", headers: {} };
    const answer = await receiveInbound(
      context,
      input.params.installation_id ?? "",
      { ...request, query: input.query, body: input.body },
      { admitted: true },
    );
    if (answer.kind === "handshake") {
      // D4: a string challenge goes back as the text itself, anything else as JSON.
      return typeof answer.challenge === "string"
        ? { status: 200, body: answer.challenge, contentType: "text/plain; charset=utf-8" }
        : { status: 200, body: answer.challenge };
    }
    if (answer.kind === "ignored")
      return { status: 200, body: { ok: true, outcome: "ignored", reason: answer.reason } };
    const body = {
      ok: true,
      outcome: answer.outcome,
      event_id: answer.eventId,
      workflow_run_ids: answer.workflowRunIds,
    };
    return { status: 200, body };
  },
};

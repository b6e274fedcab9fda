import { randomUUID } from "node:crypto";
import { STORED_BODY_LIMIT } from "@adapterkit/contract";
import type { Principal } from "../../auth/principal.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { getInstallationEvent } from "../../inbound/get-installation-event.ts";
import { replayInboundEvent } from "../../inbound/replay-inbound-event.ts";
import { readableInstallation } from "../../installations/installation-access.ts";
import { installedApp } from "../../installations/show-installation.ts";
import type { ServiceContext } from "../../service-context.ts";
import { readIdempotencyKey } from "../../triggers/idempotency.ts";
import { type PortalAnswer, type PortalRoute, page, redirect, sessionOf } from "../portal-route.ts";
import { eventPath, installationPath } from "./installation-paths.ts";

function eventIdOf(text: string | undefined): number {
  return /^[1-9][0-9]{0,9}$/.test(text ?? "") ? Number(text) : 0;
}

/** Why an event cannot be resent, or undefined when it can (D523). */
function replayUnavailable(active: boolean, kept: boolean, outcome: string): string | undefined {
  if (!active) return "The installation is uninstalled.";
  if (outcome === "dropped_bot")
    return "This is the platform's own message (is_bot): resending it would start nothing.";
  if (!kept)
    return "No message was kept for this event (its signature was refused or the adapter failed), so there is nothing to resend.";
  return undefined;
}

/**
 * One inbound event's page (A22): its summary, the message the adapter answered, the request as it arrived
 * (redacted), the adapter calls, links to what it replays and what replayed it, and "Resend to triggers". Read as the
 * API reads it: another project's or organization's event is a 404.
 */
export async function eventPage(
  context: ServiceContext,
  principal: Principal,
  input: { id: string; eventId: number },
  notice?: string,
  status = 200,
): Promise<PortalAnswer> {
  const row = await readableInstallation(context, principal, input.id);
  const [event, { manifest }] = await Promise.all([
    getInstallationEvent(context, principal, { id: row.id, eventId: input.eventId }),
    installedApp(context, row),
  ]);
  const reason = replayUnavailable(row.state === "active", event.message !== null, event.outcome);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(event.request?.query ?? {})) {
    for (const one of [value].flat()) query.append(name, one);
  }
  return page(
    "event",
    { title: `Event ${event.id} of ${manifest.name}`, section: "marketplace" },
    {
      notice,
      installation: { id: row.id, name: manifest.name, path: installationPath(row.id) },
      event,
      outcomeLabel: event.outcome.replaceAll("_", " "),
      message: event.message,
      metadata: event.message?.metadata === undefined ? undefined : JSON.stringify(event.message.metadata, null, 2),
      request: event.request,
      query: query.toString(),
      headers: Object.entries(event.request?.headers ?? {}).map(([name, value]) => ({ name, value })),
      bodyLimit: STORED_BODY_LIMIT,
      calls: event.adapter_calls,
      replayOf: event.replay_of === null ? undefined : eventPath(row.id, event.replay_of),
      replays: event.replays.map((id) => ({ id, href: eventPath(row.id, id) })),
      replay: {
        available: reason === undefined,
        reason,
        frontDesk: row.front_desk === 1,
        action: `${eventPath(row.id, event.id)}/replay`,
        key: randomUUID(),
      },
    },
    status,
  );
}

/** `GET /marketplace/installations/:id/events/:eventId`. */
export const eventDetail: PortalRoute = {
  method: "GET",
  pattern: "/marketplace/installations/:id/events/:eventId",
  signedIn: true,
  async handle(request, context) {
    const notice = request.query.get("resent") === null ? undefined : "Resent to triggers: this is the new event.";
    const input = { id: request.params.id ?? "", eventId: eventIdOf(request.params.eventId) };
    return eventPage(context, sessionOf(request).principal, input, notice);
  },
};

/**
 * `POST /marketplace/installations/:id/events/:eventId/replay`: "Resend to triggers" (D523) with the form's own
 * Idempotency-Key, so a form sent twice resends once; the new event's page, or this one with why it cannot be resent.
 */
export const replayEvent: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/events/:eventId/replay",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const input = { id: request.params.id ?? "", eventId: eventIdOf(request.params.eventId) };
    try {
      const idempotencyKey = readIdempotencyKey(request.form.get("idempotency_key") || undefined);
      const { event } = await replayInboundEvent(context, principal, { ...input, idempotencyKey });
      return redirect(`${eventPath(input.id, event.id)}?resent=1`);
    } catch (error) {
      if (!isServiceError(error) || (error.code !== "conflict" && error.code !== "invalid_request")) throw error;
      const status = error.code === "conflict" ? 409 : 400;
      return eventPage(context, principal, input, `Not resent: ${error.message}`, status);
    }
  },
};

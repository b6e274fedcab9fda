import { isDeepStrictEqual } from "node:util";
import type { Fixtures } from "@adapterkit/conformance";
import { inboundKind } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { isServiceError, ServiceError } from "../errors/service-error.ts";
import { callInboundAdapter } from "./call-inbound-adapter.ts";
import type { InboundPorts } from "./inbound-context.ts";
import { installationFixtures } from "./installation-fixtures.ts";
import { type InboundSample, renderInboundSample } from "./render-inbound-sample.ts";

/** How the adapter took the App's handshake sample, in words the installation's page shows (D458). */
export interface HandshakeCheck {
  /** Whether the inbound URL would answer the platform's handshake as the sample expects. */
  readonly ok: boolean;
  /** `answered`, `wrong challenge`, `not a handshake`, `signature refused`, `unreadable` or `unavailable`. */
  readonly outcome: string;
  readonly detail: string;
  /** The sample's name in the fixtures file. */
  readonly sample: string;
}

/** The handshake a check sends: the first handshake sample of the fixtures' inbound section, or undefined. */
export function handshakeSampleOf(fixtures: Fixtures | undefined): InboundSample | undefined {
  return fixtures?.inbound?.samples.find((sample) => sample.expect.kind === "handshake");
}

/** What the inbound URL sends the platform back for a challenge (D4): a string as itself, anything else as JSON. */
function shownAsAnswered(challenge: unknown): string {
  return typeof challenge === "string" ? challenge : JSON.stringify(challenge);
}

/**
 * D458: the App's handshake sample, rendered and signed as a test event is (D392), through the adapter as the inbound
 * URL would pass it (`/inbound`, or `/verify-webhook` then `/parse-inbound`), judged against the sample's expected
 * `challenge_response`. Nothing is recorded and nothing is routed, whatever the adapter answers. A 409 when the App
 * has no fixtures file, no handshake sample, or does not `receive`.
 */
export async function checkHandshake(
  context: GroundContext & InboundPorts,
  principal: Principal,
  installationId: string,
): Promise<HandshakeCheck> {
  const { row, slug, fixtures } = await installationFixtures(context, principal, installationId);
  const sample = handshakeSampleOf(fixtures);
  if (sample === undefined) {
    throw new ServiceError("conflict", `The App ${slug}'s fixtures have no handshake sample to send.`);
  }
  const open = await context.inboundCache.open(row.id);
  const { credentials } = await open.call();
  const rendered = renderInboundSample(fixtures, sample, { credentials, now: context.now(), content: "" });
  const judged = (ok: boolean, outcome: string, detail: string) => ({ ok, outcome, detail, sample: sample.name });
  if (open.app.health_status === "down") {
    return judged(false, "unavailable", `The App ${slug} is down (A8): the inbound URL answers 503 meanwhile.`);
  }
  let verdict: Awaited<ReturnType<typeof callInboundAdapter>>;
  try {
    verdict = await callInboundAdapter(context, open, rendered.request);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return judged(false, "unavailable", `${error.message} The inbound URL answers 503 meanwhile.`);
  }
  if (verdict.kind === "rejected") return judged(false, "signature refused", verdict.error);
  if (verdict.kind === "unreadable") return judged(false, "unreadable", verdict.error);
  const kind = inboundKind(verdict.response);
  if (kind !== "handshake" || !("challenge_response" in verdict.response)) {
    return judged(
      false,
      "not a handshake",
      `The adapter answered it as ${kind === "message" ? "a message" : "an ignored event"}.`,
    );
  }
  const answer = verdict.response.challenge_response;
  const expected = rendered.expect.challenge_response;
  if (expected !== undefined && !isDeepStrictEqual(answer, expected)) {
    const detail = `The inbound URL would answer ${shownAsAnswered(answer)}; the sample expects ${shownAsAnswered(expected)}.`;
    return judged(false, "wrong challenge", detail);
  }
  return judged(true, "answered", `The inbound URL answers the platform ${shownAsAnswered(answer)}.`);
}

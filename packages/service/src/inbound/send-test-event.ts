import type { Fixtures } from "@adapterkit/conformance";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { InboundPorts } from "./inbound-context.ts";
import { installationFixtures } from "./installation-fixtures.ts";
import { type InboundAnswer, receiveInbound } from "./receive-inbound.ts";
import { type InboundSample, renderInboundSample } from "./render-inbound-sample.ts";

/** The text a test event's `{{content}}` becomes, so it is recognisable where it lands. */
export const TEST_EVENT_CONTENT = "Test event sent from the adapterkit portal";

/** The sample a test sends: the first signed message sample of the fixtures' inbound section, or undefined. */
export function testSampleOf(fixtures: Fixtures | undefined): InboundSample | undefined {
  return fixtures?.inbound?.samples.find((sample) => sample.signed !== false && sample.expect.kind === "message");
}

/**
 * D392 "Send a test event": the first signed message sample of the App's fixtures, its templates filled with the
 * installation's own credentials (as `credentials.good`, so the platform's secret is the one the installation
 * verifies with), signed with the fixtures' scheme, through the real inbound pipeline and marked as a test in the
 * log. A 409 when the App has no fixtures file or no such sample; the pipeline's own answers otherwise.
 */
export async function sendTestEvent(
  context: GroundContext & InboundPorts,
  principal: Principal,
  installationId: string,
): Promise<InboundAnswer> {
  const { row, slug, fixtures } = await installationFixtures(context, principal, installationId);
  const sample = testSampleOf(fixtures);
  if (sample === undefined) {
    throw new ServiceError(
      "conflict",
      `The App ${slug} has no signed message sample in its fixtures; its author uploads one on the App's page.`,
    );
  }
  const { credentials } = await context.inboundCache.open(row.id).then((open) => open.call());
  const { request } = renderInboundSample(fixtures, sample, {
    credentials,
    now: context.now(),
    content: TEST_EVENT_CONTENT,
  });
  return receiveInbound(context, row.id, request, { test: true });
}

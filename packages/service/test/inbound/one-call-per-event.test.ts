import { appSchema } from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";

/** The chat App's A7 call counts by endpoint, as its page shows them. */
async function chatCalls(world: InboundWorld): Promise<Record<string, number>> {
  const response = await world.test.call("/api/v1/apps/chat", { token: world.tenant.token });
  const app = appSchema.parse(await response.json());
  return Object.fromEntries(app.calls.map((call) => [call.endpoint, call.ok + call.failed + call.timed_out]));
}

/**
 * The chat samples through its stand-in: the URL-verification handshake, three person's messages and one forged
 * delivery; answers whether the handshake took and each delivery's status.
 */
async function sendSamples(world: InboundWorld): Promise<[boolean, ...number[]]> {
  const connected = await world.chat.events.connect(`${world.test.url}${inboundPath(world.installations.chat)}`);
  const statuses: [boolean, ...number[]] = [connected];
  for (const text of ["one", "two", "three"]) {
    statuses.push((await world.chat.events.postMessage({ channel: "CSUPPORT", user: "U0ANA", text })).status);
  }
  statuses.push((await world.chat.events.forge({ channel: "CSUPPORT", user: "U0EVE", text: "forged" })).status);
  return statuses;
}

const INBOUND_ENDPOINTS = ["inbound", "verify-webhook", "parse-inbound"];
const inboundOnly = (calls: Record<string, number>) =>
  Object.fromEntries(Object.entries(calls).filter(([endpoint]) => INBOUND_ENDPOINTS.includes(endpoint)));

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`one adapter call per inbound event (D411) ${lane.title}`, () => {
    let world: InboundWorld | undefined;
    afterEach(async () => {
      await world?.close();
      world = undefined;
    });

    it("makes one /inbound call per event when the App's manifest declares it", async () => {
      world = await startInboundWorld(lane, { worker: false }, { combinedInbound: true });
      expect(await sendSamples(world)).toEqual([true, 200, 200, 200, 401]);
      expect(inboundOnly(await chatCalls(world))).toEqual({ inbound: 5 });
    });

    it("falls back to /verify-webhook then /parse-inbound when the manifest does not declare it", async () => {
      world = await startInboundWorld(lane, { worker: false }, { combinedInbound: false });
      expect(await sendSamples(world)).toEqual([true, 200, 200, 200, 401]);
      // The forged delivery stops at the verify call: five verifications, four parses.
      expect(inboundOnly(await chatCalls(world))).toEqual({ "verify-webhook": 5, "parse-inbound": 4 });
    });
  });
}

import { inboundEventPageSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEPT_REFUSALS_PER_MINUTE } from "../../src/inbound/record-refused-signature.ts";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`a flood of unsigned deliveries keeps the event log bounded (D355) ${lane.title}`, () => {
    let world: InboundWorld;
    // The service's clock, held inside one minute and moved on by the test.
    let clock = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);

    beforeAll(async () => {
      world = await startInboundWorld(lane, { now: () => clock });
    });
    afterAll(async () => {
      await world?.close();
    });

    const unsigned = () =>
      world.test.call(inboundPath(world.installations.chat), {
        json: { type: "event_callback", event: { type: "message", user: "U0EVE", text: "let me in" } },
      });
    const refusals = async () => {
      const response = await world.test.call(`/api/v1/installations/${world.installations.chat.id}/events?limit=100`, {
        token: world.tenant.token,
      });
      const page = inboundEventPageSchema.parse(await response.json());
      return page.items.filter((event) => event.outcome === "rejected_signature");
    };

    it("keeps the first refusals of a minute as rows and counts the rest on the last one", async () => {
      const answers = await Promise.all(Array.from({ length: 40 }, unsigned));
      expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(401));
      const rows = await refusals();
      expect(rows).toHaveLength(KEPT_REFUSALS_PER_MINUTE);
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(40);
      expect(rows[0]?.count).toBe(40 - KEPT_REFUSALS_PER_MINUTE + 1);
      expect(rows.slice(1).every((row) => row.count === 1)).toBe(true);
      expect(rows[0]?.detail).toBeTruthy();
    });

    it("keeps rows again in the next minute", async () => {
      clock = new Date(clock.getTime() + 60_000);
      for (let i = 0; i < 3; i += 1) expect((await unsigned()).status).toBe(401);
      const rows = await refusals();
      expect(rows).toHaveLength(KEPT_REFUSALS_PER_MINUTE + 3);
      expect(rows.slice(0, 3).map((row) => row.count)).toEqual([1, 1, 1]);
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(43);
    });
  });
}

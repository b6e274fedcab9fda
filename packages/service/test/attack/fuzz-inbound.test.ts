import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createCaseCounter, PROPERTY_TIMEOUT_MS, RUNS_PER_TARGET } from "./case-counter.ts";

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

const counter = createCaseCounter("fuzz-inbound");

const printable = fc.string({
  unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~"),
  maxLength: 40,
});
const headerName = fc.oneof(
  fc.constantFrom(
    "x-slack-signature",
    "x-slack-request-timestamp",
    "x-slack-retry-num",
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
    "content-type",
    "x-adapterkit-bot",
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
);
const headerValue = fc.oneof(
  printable,
  fc.constantFrom("v0=00", "v1,AAAA", "0", "-1", "99999999999", "whsec_x", "application/json"),
);
const inboundBody = fc.oneof(
  fc.json(),
  fc.string(),
  fc.constant(""),
  fc.record({ type: fc.constantFrom("url_verification", "event_callback", "order.created"), challenge: fc.anything() }),
  fc.record({ type: fc.constant("event_callback"), event_id: fc.string(), event: fc.anything() }),
  fc.record({ sender: fc.anything(), message: fc.anything(), type: fc.anything() }),
);
const asText = (payload: unknown): string => (typeof payload === "string" ? payload : (JSON.stringify(payload) ?? ""));

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`fuzzed deliveries on the inbound endpoint (A9) ${lane.title}`, () => {
    let world: InboundWorld;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false });
    });
    afterAll(async () => {
      await world?.close();
      counter.report();
    });

    it("never answers with a 5xx whatever the id, headers, query or body", async () => {
      const ids = fc.oneof(
        fc.constantFrom(world.installations.chat.id, world.installations.webhook.id),
        fc.constant("inst_AAAAAAAAAAAAAAAAAAAAAA"),
        printable.map((text) => encodeURIComponent(text)),
      );
      await fc.assert(
        fc.asyncProperty(
          ids,
          fc.dictionary(headerName, headerValue, { maxKeys: 5 }),
          inboundBody,
          printable,
          async (id, headers, payload, query) => {
            counter.add("inbound");
            const response = await world.test.call(`/api/v1/apps/${id}/inbound?${encodeURIComponent(query)}`, {
              method: "POST",
              body: asText(payload),
              headers,
            });
            expect([200, 400, 401, 404, 405, 413], await response.text()).toContain(response.status);
            if (response.status >= 400) expect(response.headers.get("content-type")).toBe("application/problem+json");
          },
        ),
        { numRuns: RUNS_PER_TARGET * 2 },
      );
    });

    // Signed correctly, so every body reaches /parse-inbound and the routing (a NUL in a field was a 500 on PostgreSQL).
    it("never answers a correctly signed delivery of any body with a 5xx", async () => {
      const url = `${world.test.url}${inboundPath(world.installations.webhook)}`;
      await fc.assert(
        fc.asyncProperty(inboundBody, async (payload) => {
          counter.add("inbound-signed");
          const sent = await world.webhook.sender.post(url, asText(payload));
          expect([200, 400, 413], `${sent.status} ${sent.body}`).toContain(sent.status);
        }),
        { numRuns: RUNS_PER_TARGET * 2 },
      );
    });
  });
}

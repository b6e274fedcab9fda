import { closedPort, listenTrap, stubLookup, type Trap, withAdapter } from "@adapterkit/sdk/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CREDENTIALS } from "../test/credentials.ts";
import { webhookAdapter } from "./index.ts";

const UNREACHABLE = { ok: false, error: "network_error: could not reach the configured server", retryable: true };

let traps: Trap[];

beforeEach(async () => {
  traps = [await listenTrap(), await listenTrap({ host: "::1" })];
});

afterEach(async () => {
  await Promise.all(traps.map((trap) => trap.close()));
});

// A front-desk reply is a /deliver to the event's sender, so the sender URL is tenant data.
function deliverTo(address: string, options: Parameters<typeof withAdapter>[1] = {}) {
  return withAdapter(webhookAdapter, options, async ({ client }) => {
    const message = { text: "a front-desk reply" };
    return (await client.deliver({ credentials: CREDENTIALS, channel_address: address, message })).body;
  });
}

describe("webhook adapter outbound guard", () => {
  it("never connects to a sender URL on 127.0.0.1 or [::1], and answers open and closed ports alike", async () => {
    const [v4, v6] = traps as [Trap, Trap];
    const answers = [
      await deliverTo(`${v4.url}/reply`),
      await deliverTo(`${v6.url}/reply`),
      await deliverTo(`http://[::ffff:127.0.0.1]:${v4.port}/reply`),
      await deliverTo(`http://127.0.0.1:${await closedPort()}/reply`),
    ];
    expect(v4.connections() + v6.connections()).toBe(0);
    for (const answer of answers) expect(answer).toEqual(UNREACHABLE);
  });

  it("refuses a sender host that resolves to a private address before connecting", async () => {
    const lookup = stubLookup({ "hooks.internal.example": ["192.168.1.20"] });
    expect(await deliverTo("http://hooks.internal.example/reply", { lookup })).toEqual(UNREACHABLE);
  });
});

import { closedPort, listenTrap, stubLookup, type Trap, withAdapter } from "@adapterkit/sdk/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatAdapter } from "./index.ts";

const UNREACHABLE = "network_error: could not reach the configured server";
const CREDENTIALS = { token: "xoxb-secret-token", signing_secret: "8f742231b10e8888abcd99yyyzzz85a5" };

let traps: Trap[];

beforeEach(async () => {
  traps = [await listenTrap(), await listenTrap({ host: "::1" })];
});

afterEach(async () => {
  await Promise.all(traps.map((trap) => trap.close()));
});

function verifyAndDeliver(apiBaseUrl: string, options: Parameters<typeof withAdapter>[1] = {}) {
  return withAdapter(chatAdapter, options, async ({ client }) => {
    const credentials = { ...CREDENTIALS, api_base_url: apiBaseUrl };
    const verify = await client.verify({ credentials });
    const deliver = await client.deliver({ credentials, channel_address: "C1", message: { text: "hi" } });
    return { verify: verify.body, deliver: deliver.body };
  });
}

describe("chat adapter outbound guard", () => {
  it("never connects to (nor sends the token to) a loopback api_base_url, and answers every one alike", async () => {
    const [v4, v6] = traps as [Trap, Trap];
    const answers = [
      await verifyAndDeliver(`${v4.url}/api`),
      await verifyAndDeliver(`${v6.url}/api`),
      await verifyAndDeliver(`http://localhost:${v4.port}/api`),
      await verifyAndDeliver(`http://127.0.0.1:${await closedPort()}/api`),
    ];
    expect(v4.connections() + v6.connections()).toBe(0);
    for (const answer of answers) {
      expect(answer.verify).toEqual({ ok: false, error: UNREACHABLE });
      expect(answer.deliver).toEqual({ ok: false, error: UNREACHABLE, retryable: true });
    }
  });

  it("refuses a name that resolves to a private or metadata address before connecting", async () => {
    const lookup = stubLookup({ "chat.internal.example": ["10.0.0.5"], "meta.example": ["169.254.169.254"] });
    for (const host of ["chat.internal.example", "meta.example"]) {
      const answer = await verifyAndDeliver(`http://${host}/api`, { lookup });
      expect(answer.verify).toEqual({ ok: false, error: UNREACHABLE });
    }
  });

  it("verifies against an allowed server's 404 and a closed port in the same words", async () => {
    const [v4] = traps as [Trap];
    const options = { allowedHosts: ["127.0.0.1"] };
    const open = await verifyAndDeliver(`${v4.url}/api`, options);
    const closed = await verifyAndDeliver(`http://127.0.0.1:${await closedPort()}/api`, options);
    expect(v4.connections()).toBe(2);
    expect(open.verify).toEqual({ ok: false, error: UNREACHABLE });
    expect(closed.verify).toEqual(open.verify);
  });
});

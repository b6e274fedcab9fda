import { closedPort, listenTrap, stubLookup, type Trap, withAdapter } from "@adapterkit/sdk/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mailAdapter } from "./index.ts";

const UNREACHABLE = "could not reach the configured server";
const CREDENTIALS = {
  host: "127.0.0.1",
  port: "25",
  encryption: "none",
  username: "bot@example.test",
  password: "smtp-password",
  from_address: "Help <bot@example.test>",
  gateway_secret: "gateway-secret",
};

let traps: Trap[];

beforeEach(async () => {
  traps = [await listenTrap({ smtp: true }), await listenTrap({ host: "::1", smtp: true })];
});

afterEach(async () => {
  await Promise.all(traps.map((trap) => trap.close()));
});

function verifyAndDeliver(host: string, port: number, options: Parameters<typeof withAdapter>[1] = {}) {
  return withAdapter(mailAdapter, options, async ({ client }) => {
    const credentials = { ...CREDENTIALS, host, port: String(port) };
    const verify = await client.verify({ credentials });
    const message = { text: "hi" };
    const deliver = await client.deliver({ credentials, channel_address: "alice@example.test", message });
    return { verify: verify.body, deliver: deliver.body };
  });
}

describe("mail adapter outbound guard", () => {
  it("never connects to a loopback SMTP host, and answers open and closed ports alike", async () => {
    const [v4, v6] = traps as [Trap, Trap];
    const answers = [
      await verifyAndDeliver("127.0.0.1", v4.port),
      await verifyAndDeliver("::1", v6.port),
      await verifyAndDeliver("localhost", v4.port),
      await verifyAndDeliver("127.0.0.1", await closedPort()),
    ];
    expect(v4.connections() + v6.connections()).toBe(0);
    for (const answer of answers) {
      expect(answer.verify).toEqual({ ok: false, error: UNREACHABLE });
      expect(answer.deliver).toEqual({ ok: false, error: UNREACHABLE, retryable: true });
    }
  });

  it("refuses an SMTP host that resolves to a private address before connecting", async () => {
    const lookup = stubLookup({ "smtp.internal.example": ["10.1.2.3"] });
    const answer = await verifyAndDeliver("smtp.internal.example", 25, { lookup });
    expect(answer.verify).toEqual({ ok: false, error: UNREACHABLE });
  });

  it("verifies against an allowed port that does not speak SMTP and a closed port in the same words", async () => {
    const [v4] = traps as [Trap];
    const options = { allowedHosts: ["127.0.0.1"] };
    const open = await verifyAndDeliver("127.0.0.1", v4.port, options);
    const closed = await verifyAndDeliver("127.0.0.1", await closedPort(), options);
    expect(v4.connections()).toBe(2);
    expect(open).toEqual(closed);
    expect(open.verify).toEqual({ ok: false, error: UNREACHABLE });
  });
});

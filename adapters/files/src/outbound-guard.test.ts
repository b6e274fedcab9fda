import { closedPort, listenTrap, stubLookup, type Trap, withAdapter } from "@adapterkit/sdk/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { filesAdapter } from "./index.ts";

const UNREACHABLE = { ok: false, error: "could not reach the configured server" };

let traps: Trap[];

beforeEach(async () => {
  traps = [await listenTrap(), await listenTrap({ host: "::1" })];
});

afterEach(async () => {
  await Promise.all(traps.map((trap) => trap.close()));
});

function verify(baseUrl: string, options: Parameters<typeof withAdapter>[1] = {}) {
  return withAdapter(filesAdapter, options, async ({ client }) => {
    const credentials = { base_url: baseUrl, username: "demo", password: "demo-password" };
    const verified = (await client.verify({ credentials })).body;
    const listed = await client.listChanges({ credentials, resource_path: "/", cursor: null });
    return { verified, listed: { status: listed.status, body: listed.body } };
  });
}

describe("files adapter outbound guard", () => {
  it("never connects to a loopback base_url, and answers open and closed ports alike", async () => {
    const [v4, v6] = traps as [Trap, Trap];
    const answers = [
      await verify(`${v4.url}/dav/`),
      await verify(`${v6.url}/dav/`),
      await verify(`http://127.0.0.1:${await closedPort()}/dav/`),
    ];
    expect(v4.connections() + v6.connections()).toBe(0);
    for (const answer of answers) {
      expect(answer.verified).toEqual(UNREACHABLE);
      expect(answer.listed).toEqual({
        status: 502,
        body: { ok: false, code: "platform_error", error: UNREACHABLE.error },
      });
    }
  });

  it("refuses a base_url host that resolves to the metadata address before connecting", async () => {
    const lookup = stubLookup({ "dav.internal.example": ["169.254.169.254"] });
    expect((await verify("http://dav.internal.example/dav/", { lookup })).verified).toEqual(UNREACHABLE);
  });

  it("verifies against an allowed server's 404 and a closed port in the same words", async () => {
    const [v4] = traps as [Trap];
    const options = { allowedHosts: ["127.0.0.1"] };
    const open = await verify(`${v4.url}/dav/`, options);
    const closed = await verify(`http://127.0.0.1:${await closedPort()}/dav/`, options);
    expect(v4.connections()).toBeGreaterThan(0);
    expect(open.verified).toEqual(UNREACHABLE);
    expect(closed.verified).toEqual(UNREACHABLE);
  });
});

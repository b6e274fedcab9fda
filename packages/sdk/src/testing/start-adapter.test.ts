import type { DeliverResponse } from "@adapterkit/contract";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fixtureAdapter, GOOD_CREDENTIALS } from "../http/fixture-adapter.ts";
import type { ClientResult } from "./adapter-client.ts";
import { startAdapter } from "./start-adapter.ts";

describe("startAdapter", () => {
  it("starts the adapter on a free port with a client typed by its manifest", async () => {
    const { url, client, close } = await startAdapter(fixtureAdapter());
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fixture$/);
      const delivered = await client.deliver({
        credentials: GOOD_CREDENTIALS,
        channel_address: "C",
        message: { text: "abc" },
      });
      expectTypeOf(delivered).toEqualTypeOf<ClientResult<DeliverResponse>>();
      expect(delivered).toMatchObject({ ok: true, status: 200, body: { ok: true, message_id: "m-3" } });
      // @ts-expect-error the fixture's credential is passed as `token`
      await client.verify({ credentials: { tokn: "good" } });
    } finally {
      await close();
    }
  });

  it("signs every call as the service does when given a secret", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const { client, url, close } = await startAdapter(fixtureAdapter(), { signingSecret: secret });
    try {
      expect((await client.verify({ credentials: GOOD_CREDENTIALS })).status).toBe(200);
      expect((await fetch(`${url}/verify`, { method: "POST", body: "{}" })).status).toBe(401);
    } finally {
      await close();
    }
  });

  it("stops serving once closed", async () => {
    const { client, close } = await startAdapter(fixtureAdapter());
    await close();
    await expect(client.health()).rejects.toThrow();
  });
});

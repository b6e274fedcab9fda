import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalBrowser } from "../helpers/portal-browser.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

// D292: its own service, because the limit is per client address and every test here comes from 127.0.0.1.
for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the portal's sign-in limit ${lane.title}`, () => {
    let test: TestService;
    let author: Tenant;

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false });
      author = await createTenant(test, "acme");
    });
    afterAll(async () => {
      await test?.close();
    });

    it("refuses a client with a 429 page after ten failed sign-ins, before looking at its token", async () => {
      const client = new PortalBrowser(test.url);
      // Successful sign-ins cost nothing.
      for (let attempt = 0; attempt < 12; attempt += 1) {
        expect((await client.signIn(author.token)).status).toBe(303);
      }
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await client.post("/developer/sign-in", { token: `wrong-${attempt}` }, null)).status).toBe(401);
      }
      const refused = await client.post("/developer/sign-in", { token: "wrong-again" }, null);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(refused.html).toContain("<h1>Too many failed sign-ins</h1>");
      // Now the right token is refused too, so a guesser learns nothing from the answer.
      const right = await client.post("/developer/sign-in", { token: author.token }, null);
      expect(right.status).toBe(429);
      expect(right.headers.get("set-cookie")).toBeNull();
    });
  });
}

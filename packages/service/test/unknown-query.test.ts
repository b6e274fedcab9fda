import { describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService } from "./helpers/test-service.ts";

const sqlite = STORE_LANES[0] as (typeof STORE_LANES)[number];

describe("query parameters an endpoint does not declare", () => {
  it("are a 400 naming each of them and what the endpoint takes, instead of being ignored", async () => {
    const test = await startTestService(sqlite);
    try {
      const { token } = await createTenant(test, "acme");
      const filtered = await test.call("/api/v1/installations?state=uninstalled&include_uninstalled=true", { token });
      expect(filtered.status).toBe(400);
      const problem = await readProblem(filtered);
      expect(problem.errors).toEqual([
        { path: "state", message: "not a parameter of this endpoint, which takes only include_uninstalled" },
      ]);
      const none = await readProblem(await test.call("/api/v1/workflows?page=2", { token }));
      expect(none.errors?.[0]?.message).toBe("not a parameter of this endpoint, which takes no query parameters");
      expect((await test.call("/api/v1/installations?include_uninstalled=true", { token })).status).toBe(200);
      // A declared filter with a value it does not take is refused too, naming it (D469).
      const odd = await test.call("/api/v1/installations?include_uninstalled=maybe", { token });
      expect(odd.status).toBe(400);
      expect((await readProblem(odd)).errors?.map((error) => error.path)).toEqual(["include_uninstalled"]);
    } finally {
      await test.close();
    }
  });
});

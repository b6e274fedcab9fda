import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { startTestService } from "./helpers/test-service.ts";

const sqlite = STORE_LANES[0] as (typeof STORE_LANES)[number];
const COMMITTED = new URL("../../../schemas/service-api.openapi.json", import.meta.url);

describe("GET /api/v1/openapi.json", () => {
  it("serves, without a token, the same document schemas/ holds, this endpoint included", async () => {
    const test = await startTestService(sqlite);
    try {
      const response = await test.call("/api/v1/openapi.json");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const served = (await response.json()) as { paths: Record<string, unknown> };
      expect(served).toEqual(JSON.parse(readFileSync(COMMITTED, "utf8")));
      expect(Object.keys(served.paths)).toContain("/api/v1/openapi.json");
    } finally {
      await test.close();
    }
  });
});

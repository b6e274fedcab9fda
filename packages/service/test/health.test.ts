import { describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { startTestService } from "./helpers/test-service.ts";

const sqlite = STORE_LANES[0] as (typeof STORE_LANES)[number];

describe("health probes", () => {
  it("answers /healthz and /readyz with ok while the database and the worker run", async () => {
    const test = await startTestService(sqlite);
    try {
      expect(await (await test.call("/healthz")).json()).toEqual({ status: "ok" });
      const ready = await test.call("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok", worker: "ok" } });
    } finally {
      await test.close();
    }
  });

  it("answers /readyz with 503 naming the failing check once the worker stops", async () => {
    const test = await startTestService(sqlite);
    try {
      await test.service.worker?.stop();
      const response = await test.call("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", checks: { database: "ok", worker: "failing" } });
      expect((await test.call("/healthz")).status).toBe(200);
    } finally {
      await test.close();
    }
  });

  it("answers /readyz with 503 when the database is gone", async () => {
    const test = await startTestService(sqlite, { worker: false });
    try {
      await test.service.store.close();
      const response = await test.call("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ checks: { database: "failing" } });
    } finally {
      await test.close();
    }
  });
});

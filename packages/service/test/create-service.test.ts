import { describe, expect, it } from "vitest";
import { createService } from "../src/index.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { startTestService, waitForRun } from "./helpers/test-service.ts";

const sqlite = STORE_LANES[0] as (typeof STORE_LANES)[number];

describe("createService", () => {
  it("bootstraps a demo whose token and hook URL work, reusing the workflow and trigger on the next call", async () => {
    const test = await startTestService(sqlite);
    try {
      const demo = await test.service.bootstrapDemo();
      if (demo.apiToken === undefined) throw new Error("a new demo comes with a token");
      expect(demo.triggerUrl).toBe(`${test.url}/api/v1/trigger`);
      const hooked = await fetch(demo.hookUrl, { method: "POST", body: '{"hello":"world"}' });
      expect(hooked.status).toBe(201);
      const { workflow_run_id } = (await hooked.json()) as { workflow_run_id: number };
      expect(await waitForRun(test, demo.apiToken, workflow_run_id)).toMatchObject({ output: { hello: "world" } });
      const triggered = await fetch(demo.triggerUrl, {
        method: "POST",
        headers: { authorization: `Bearer ${demo.apiToken}` },
        body: JSON.stringify({ workflow_id: demo.workflowId }),
      });
      expect(triggered.status).toBe(201);
      expect(demo.foundFrom).toBeUndefined();
      const again = await test.service.bootstrapDemo();
      expect(again).toMatchObject({ workflowId: demo.workflowId, triggerId: demo.triggerId, hookUrl: demo.hookUrl });
      // D467: a found demo issues no token unless asked; asked, a new one (the old one cannot be shown again).
      expect(again.apiToken).toBeUndefined();
      expect(again.foundFrom).toEqual(expect.any(String));
      const asked = await test.service.bootstrapDemo({ newToken: true });
      expect(asked.apiToken).toEqual(expect.any(String));
      expect(asked.apiToken).not.toBe(demo.apiToken);
    } finally {
      await test.close();
    }
  });

  it("creates tokens for a project by name or for an existing workflow, and refuses an unknown workflow", async () => {
    const test = await startTestService(sqlite);
    try {
      const project = await test.service.createToken({ organization: "acme", project: "ops" });
      expect(project).toMatchObject({ scope: "project", token: expect.stringMatching(/^ak_/) });
      const same = await test.service.createToken({ organization: "acme", project: "ops" });
      expect(same.project_id).toBe(project.project_id);
      await expect(test.service.createToken({ organization: "acme", workflow: 424242 })).rejects.toThrow(/No workflow/);
    } finally {
      await test.close();
    }
  });

  it("refuses to start a second service on the same SQLite data dir (D28)", async () => {
    const test = await startTestService(sqlite);
    try {
      await expect(createService({ ...test.location.options, logLevel: "silent" })).rejects.toThrow(/already using/);
    } finally {
      await test.close();
    }
  });

  it("has no URL before it listens", async () => {
    const location = await sqlite.allocate();
    const service = await createService({ ...location.options, logLevel: "silent", worker: false });
    try {
      expect(() => service.url).toThrow(/not listening/);
    } finally {
      await service.close();
      await location.dispose();
    }
  });

  it("builds webhook URLs on the configured public URL", async () => {
    const test = await startTestService(sqlite, { publicUrl: "https://hooks.example.com/" });
    try {
      const demo = await test.service.bootstrapDemo();
      expect(demo.hookUrl).toMatch(/^https:\/\/hooks\.example\.com\/api\/v1\/hooks\/[A-Za-z0-9_-]{43}$/);
    } finally {
      await test.close();
    }
  });
});

import { type SkillJson, skillResourceSchema, toolServerResourceSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  STAND_IN_TOOLS,
  type StandInTool,
  startToolServerStandIn,
  type ToolServerStandIn,
} from "../../src/tool-servers/stand-in-tool-server.ts";
import { claimToolServer, releaseToolServer } from "../../src/tool-servers/tool-server-lease.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const TOKEN = "mcp_refresh_token_0123456789abcdef";
const AUTH = { Authorization: `Bearer ${TOKEN}` };
/** How long a test waits for the background refresher to have done something (a bound, not a timing asserted). */
const PATIENCE = { timeout: 15_000, interval: 50 };

const REVERSE: StandInTool = {
  name: "reverse",
  description: "Reverses a text.",
  input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  run: (input) => [...String(input.text)].reverse().join(""),
};

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`tool servers refreshed on a schedule (D320–D322) ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let tools: ToolServerStandIn;
    let serverId: number;
    let skillId: number;

    beforeAll(async () => {
      test = await startTestService(lane, {
        healthPolling: false,
        sources: false,
        toolServers: { refreshEveryMs: 200 },
      });
      tenant = await createTenant(test, "acme");
      tools = await startToolServerStandIn({ token: TOKEN });
    });
    afterAll(async () => {
      await test?.close();
      await tools?.close();
    });

    const api = (path: string, json?: unknown, method?: string) =>
      test.call(path, {
        token: tenant.token,
        ...(json === undefined ? {} : { json }),
        ...(method ? { method } : {}),
      });
    const server = async () =>
      toolServerResourceSchema.parse(await (await api(`/api/v1/tool-servers/${serverId}`)).json());
    const skill = async (): Promise<SkillJson> =>
      skillResourceSchema.parse(await (await api(`/api/v1/skills/${skillId}`)).json());

    it("connects with no refresh error, its last refresh the connection", async () => {
      const created = await api("/api/v1/tool-servers", { name: "Scheduled", url: tools.url, headers: AUTH });
      expect(created.status).toBe(201);
      const shown = toolServerResourceSchema.parse(await created.json());
      expect(shown.last_refresh_error).toBeNull();
      expect(shown.last_refresh_at).toBe(shown.refreshed_at);
      serverId = shown.id;
      skillId = shown.skill_id;
    });

    it("picks up a tool added and a tool removed on the server without any API call", async () => {
      tools.removeTool("add");
      tools.addTool(REVERSE);
      const expected = ["echo", "word_count", "reverse"];
      await vi.waitFor(async () => expect((await server()).tools.map((tool) => tool.name)).toEqual(expected), PATIENCE);
      const refreshed = await skill();
      expect(refreshed.tool_names).toEqual(expected);
      expect(refreshed.knowledge).toContain("- reverse: Reverses a text.");
      expect(refreshed.knowledge).not.toContain("- add:");
      expect((await server()).last_refresh_error).toBeNull();
    });

    it("keeps the Skill as it was while the server is down, shows the error, and clears it after a good refresh", async () => {
      const before = await skill();
      const lastGood = (await server()).refreshed_at;
      const port = Number(new URL(tools.url).port);
      await tools.close();
      await vi.waitFor(
        async () => expect((await server()).last_refresh_error).toContain("could not be reached"),
        PATIENCE,
      );
      const failed = await server();
      expect(failed.last_refresh_error).toContain(`The tool server at ${failed.url} could not be reached`);
      expect(failed.refreshed_at).toBe(lastGood);
      expect(failed.tools.map((tool) => tool.name)).toEqual(before.tool_names);
      expect(await skill()).toEqual(before);

      tools = await startToolServerStandIn({ token: TOKEN, port });
      await vi.waitFor(async () => expect((await server()).last_refresh_error).toBeNull(), PATIENCE);
      const recovered = await server();
      expect(recovered.refreshed_at).toBe(recovered.last_refresh_at);
      // A fresh stand-in has the starting tools again: the Skill follows the server.
      expect((await skill()).tool_names).toEqual(STAND_IN_TOOLS.map((tool) => tool.name));
    });

    it("records a failed refresh on demand too, and clears it with the next one that works", async () => {
      await test.service.toolServerRefresher?.stop();
      const port = Number(new URL(tools.url).port);
      await tools.close();
      const failed = await api(`/api/v1/tool-servers/${serverId}/refresh`, undefined, "POST");
      expect(failed.status).toBe(502);
      const problem = await readProblem(failed);
      expect((await server()).last_refresh_error).toBe(problem.detail);

      tools = await startToolServerStandIn({ token: TOKEN, port });
      const worked = await api(`/api/v1/tool-servers/${serverId}/refresh`, undefined, "POST");
      expect(worked.status).toBe(200);
      expect(toolServerResourceSchema.parse(await worked.json()).last_refresh_error).toBeNull();
      expect((await server()).last_refresh_error).toBeNull();
    });

    it("claims a server only while it is still due and unheld, and lets only the holder release it", async () => {
      await test.service.toolServerRefresher?.stop();
      const { db } = test.service.store;
      const refreshedAt = new Date(String((await server()).last_refresh_at));
      const claim = (owner: string, dueBefore: Date) =>
        claimToolServer(db, { id: serverId, owner, dueBefore, now: new Date() });
      // Listed as due before the refresh above committed: by the claim, it no longer is.
      expect(await claim("first", new Date(refreshedAt.getTime() - 1))).toBeUndefined();
      expect(await claim("first", refreshedAt)).toBeDefined();
      expect(await claim("second", refreshedAt)).toBeUndefined();
      await releaseToolServer(db, serverId, "second");
      expect(await claim("second", refreshedAt)).toBeUndefined();
      await releaseToolServer(db, serverId, "first");
      expect(await claim("second", refreshedAt)).toMatchObject({ refresh_lease_owner: "second" });
    });
  });
}

import type dns from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  skillResourceListSchema,
  skillResourceSchema,
  toolServerListSchema,
  toolServerResourceSchema,
} from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STAND_IN_TOOLS,
  startToolServerStandIn,
  type ToolServerStandIn,
} from "../../src/tool-servers/stand-in-tool-server.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const TOKEN = "mcp_stand_in_token_0123456789abcdef";
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const shape = (tools: readonly { name: string; description: string; input_schema: unknown }[]) =>
  tools.map(({ name, description, input_schema }) => ({ name, description, input_schema }));

/** Every name resolves to the cloud metadata address, so a guard test never asks a resolver or leaves the host. */
const metadataLookup = ((_hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
  if (all) done(null, [{ address: "169.254.169.254", family: 4 }]);
  else done(null, "169.254.169.254", 4);
}) as unknown as typeof dns.lookup;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`external tool servers: an MCP server's tools become a Skill (A13) ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let tools: ToolServerStandIn;
    let garbage: Server;
    let garbageUrl: string;
    let serverId: number;
    let skillId: number;

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false, sources: false, lookup: metadataLookup });
      tenant = await createTenant(test, "acme");
      tools = await startToolServerStandIn({ token: TOKEN });
      garbage = createServer((_request, response) => {
        response.writeHead(200, { "content-type": "text/html" }).end("<html><body>Welcome to nginx!</body></html>");
      });
      garbageUrl = await listen(garbage);
    });
    afterAll(async () => {
      await test?.close();
      await tools?.close();
      garbage?.close();
    });

    const api = (path: string, json?: unknown, method?: string) =>
      test.call(path, {
        token: tenant.token,
        ...(json === undefined ? {} : { json }),
        ...(method ? { method } : {}),
      });
    const servers = async () => toolServerListSchema.parse(await (await api("/api/v1/tool-servers")).json()).items;
    const skills = async () => skillResourceListSchema.parse(await (await api("/api/v1/skills")).json()).items;

    it("connects the stand-in and creates a Skill with exactly its tools: names, descriptions, input schemas", async () => {
      const created = await api("/api/v1/tool-servers", { name: "Stand-in tools", url: tools.url, headers: AUTH });
      expect(created.status).toBe(201);
      const server = toolServerResourceSchema.parse(await created.json());
      expect(created.headers.get("location")).toBe(`/api/v1/tool-servers/${server.id}`);
      expect(server).toMatchObject({
        name: "Stand-in tools",
        url: tools.url,
        header_names: ["Authorization"],
        server_name: "adapterkit-stand-in-tools",
      });
      expect(server.tools).toEqual(shape(STAND_IN_TOOLS));
      serverId = server.id;
      skillId = server.skill_id;
      const skill = skillResourceSchema.parse(await (await api(`/api/v1/skills/${skillId}`)).json());
      expect(skill).toMatchObject({
        name: "Stand-in tools",
        origin: "tool_server",
        installation_id: null,
        tool_names: ["echo", "add", "word_count"],
        credentials: [],
      });
      expect(skill.tools).toEqual(shape(STAND_IN_TOOLS));
      for (const tool of STAND_IN_TOOLS) expect(skill.knowledge).toContain(`- ${tool.name}: ${tool.description}`);
      expect(JSON.stringify(await (await api(`/api/v1/tool-servers/${serverId}`)).json())).not.toContain(TOKEN);
    });

    it("refreshes to exactly the server's tools: a removed tool leaves the Skill, an added one joins it", async () => {
      tools.removeTool("add");
      const reverse = {
        name: "reverse",
        description: "Reverses a text.",
        input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        run: (input: Record<string, unknown>) => [...String(input.text)].reverse().join(""),
      };
      tools.addTool(reverse);
      const refreshed = await api(`/api/v1/tool-servers/${serverId}/refresh`, undefined, "POST");
      expect(refreshed.status).toBe(200);
      const server = toolServerResourceSchema.parse(await refreshed.json());
      const expected = shape([...STAND_IN_TOOLS.filter((tool) => tool.name !== "add"), reverse]);
      expect(server.tools).toEqual(expected);
      const skill = skillResourceSchema.parse(await (await api(`/api/v1/skills/${skillId}`)).json());
      expect(skill.tool_names).toEqual(["echo", "word_count", "reverse"]);
      expect(skill.tools).toEqual(expected);
      expect(skill.knowledge).not.toContain("- add:");
      expect(skill.knowledge).toContain("- reverse: Reverses a text.");
    });

    it("answers a server that is down with 502 naming the cause, and writes nothing", async () => {
      const down = await startToolServerStandIn();
      const url = down.url;
      await down.close();
      const response = await api("/api/v1/tool-servers", { name: "Down", url });
      expect(response.status).toBe(502);
      const problem = await readProblem(response);
      expect(problem.code).toBe("tool_server_failed");
      expect(problem.detail).toContain(`The tool server at ${url} could not be reached`);
      expect((await servers()).map((server) => server.name)).toEqual(["Stand-in tools"]);
      expect((await skills()).map((skill) => skill.name)).toEqual(["Stand-in tools"]);
    });

    it("answers a plain HTTP server that does not speak MCP with 502, and writes nothing", async () => {
      const response = await api("/api/v1/tool-servers", { name: "Garbage", url: garbageUrl });
      expect(response.status).toBe(502);
      const problem = await readProblem(response);
      expect(problem.code).toBe("tool_server_failed");
      expect(problem.detail).toContain("did not answer as a Model Context Protocol server");
      expect(problem.detail).toContain("text/html");
      expect(await servers()).toHaveLength(1);
      expect(await skills()).toHaveLength(1);
    });

    it("answers headers the server refuses with 502 naming HTTP 401", async () => {
      const response = await api("/api/v1/tool-servers", {
        name: "Wrong token",
        url: tools.url,
        headers: { Authorization: "Bearer wrong" },
      });
      expect(response.status).toBe(502);
      expect((await readProblem(response)).detail).toContain("HTTP 401");
      expect(await servers()).toHaveLength(1);
    });

    it("refuses a name resolving to the metadata address, and loopback not allowed, at the guard (400 /url)", async () => {
      for (const url of ["http://tools.example.com/mcp", "http://169.254.169.254/mcp", "http://localhost:1/mcp"]) {
        const response = await api("/api/v1/tool-servers", { name: "Sneaky", url });
        expect(response.status, url).toBe(400);
        const problem = await readProblem(response);
        expect(problem.errors?.[0]?.path, url).toBe("/url");
        expect(problem.detail, url).toMatch(/not a public address|local or metadata host/);
      }
      expect(await servers()).toHaveLength(1);
      expect(await skills()).toHaveLength(1);
    });

    it("refuses bad input naming the field", async () => {
      const cases = [
        [{ name: "x", url: "ftp://tools.example/mcp" }, "/url"],
        [{ name: "x", url: tools.url, headers: { "Content-Type": "text/plain" } }, "/headers/Content-Type"],
        [{ name: "x", url: tools.url, headers: { Authorization: "a\r\nb" } }, "/headers/Authorization"],
        [{ url: tools.url }, "/name"],
      ] as const;
      for (const [body, path] of cases) {
        const response = await api("/api/v1/tool-servers", body);
        expect(response.status, path).toBe(400);
        expect(
          (await readProblem(response)).errors?.map((error) => error.path),
          path,
        ).toContain(path);
      }
    });

    it("keeps the Skill as it was when a refresh fails", async () => {
      const before = skillResourceSchema.parse(await (await api(`/api/v1/skills/${skillId}`)).json());
      await tools.close();
      const response = await api(`/api/v1/tool-servers/${serverId}/refresh`, undefined, "POST");
      expect(response.status).toBe(502);
      expect(skillResourceSchema.parse(await (await api(`/api/v1/skills/${skillId}`)).json())).toEqual(before);
      tools = await startToolServerStandIn({ token: TOKEN });
    });

    it("removes the Skill with the tool server, and refuses to remove the Skill alone", async () => {
      expect((await api(`/api/v1/skills/${skillId}`, undefined, "DELETE")).status).toBe(409);
      expect((await api(`/api/v1/tool-servers/${serverId}`, undefined, "DELETE")).status).toBe(204);
      expect((await api(`/api/v1/tool-servers/${serverId}`)).status).toBe(404);
      expect((await api(`/api/v1/skills/${skillId}`)).status).toBe(404);
      expect(await servers()).toEqual([]);
      expect(await skills()).toEqual([]);
    });
  });
}

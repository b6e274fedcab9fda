import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toolServerResourceSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TOOL_SERVER_MAX_RESPONSE_BYTES } from "../../src/tool-servers/limit-response-body.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

/** What a huge answer would send in all: far past the limit, so a read to the end would show. */
const HUGE_BYTES = 8 * TOOL_SERVER_MAX_RESPONSE_BYTES;
const CHUNK = Buffer.alloc(64 * 1024, "x");

/** How a huge answer comes: JSON without a length, an event stream, or JSON whose Content-Length says it all. */
type HugeKind = "json" | "event-stream" | "declared";

/** One huge answer as the server saw it go: how much it wrote, and whether the client hung up before the end. */
interface SentAnswer {
  sent: number;
  cutShort: boolean;
}

/**
 * A Model Context Protocol server over Streamable HTTP (JSON answers, no sessions) with one tool, that answers the
 * method `hugeOn` names with a body of HUGE_BYTES written as fast as the client reads it.
 */
class BigAnswerServer {
  hugeOn: string | undefined;
  kind: HugeKind = "json";
  readonly answers: SentAnswer[] = [];
  readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => void this.answer(request, response));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "POST") return void response.writeHead(405).end();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: number; method: string };
    if (message.id === undefined) return void response.writeHead(202).end();
    if (message.method === this.hugeOn) return this.sendHuge(response, message.id);
    const result =
      message.method === "initialize"
        ? { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "big", version: "1" } }
        : { tools: [{ name: "echo", description: "Echoes.", inputSchema: { type: "object" } }] };
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
  }

  private async sendHuge(response: ServerResponse, id: number): Promise<void> {
    const record: SentAnswer = { sent: 0, cutShort: false };
    this.answers.push(record);
    const sse = this.kind === "event-stream";
    response.writeHead(200, {
      "content-type": sse ? "text/event-stream" : "application/json",
      ...(this.kind === "declared" ? { "content-length": String(HUGE_BYTES) } : {}),
    });
    response.on("close", () => {
      record.cutShort = !response.writableFinished;
    });
    const head = sse
      ? `data: {"jsonrpc":"2.0","id":${id},"result":{"pad":"`
      : `{"jsonrpc":"2.0","id":${id},"result":{"pad":"`;
    response.write(head);
    record.sent = head.length;
    while (record.sent + CHUNK.length <= HUGE_BYTES && !response.destroyed) {
      record.sent += CHUNK.length;
      if (!response.write(CHUNK)) {
        await new Promise((resolve) => {
          response.once("drain", resolve);
          response.once("close", resolve);
        });
      }
    }
    if (!response.destroyed) response.end();
  }
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`a tool server's answers stop at the size limit (D354) ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let big: BigAnswerServer;
    let url: string;

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false, sources: false, toolServers: false });
      tenant = await createTenant(test, "acme");
      big = new BigAnswerServer();
      url = await big.listen();
    });
    afterAll(async () => {
      await test?.close();
      await big?.close();
    });
    beforeEach(() => {
      big.hugeOn = undefined;
      big.answers.length = 0;
    });

    const api = (path: string, json?: unknown) =>
      test.call(path, { token: tenant.token, ...(json === undefined ? { method: "POST" } : { json }) });
    const expectCut = async (response: Response) => {
      const problem = await readProblem(response);
      expect(problem).toMatchObject({ status: 502, code: "tool_server_failed" });
      expect(problem.detail).toContain(`larger than ${TOOL_SERVER_MAX_RESPONSE_BYTES} bytes`);
      // The server saw the client hang up long before it sent everything: the rest was never read.
      await expect.poll(() => big.answers[0]?.cutShort).toBe(true);
      expect(big.answers[0]?.sent).toBeLessThan(HUGE_BYTES);
    };

    it.each<HugeKind>([
      "json",
      "event-stream",
      "declared",
    ])("refuses to connect a server whose answer (%s) runs past the limit, with 502 naming it", async (kind) => {
      big.hugeOn = "initialize";
      big.kind = kind;
      await expectCut(await api("/api/v1/tool-servers", { name: `Big ${kind}`, url }));
      const listed = (await (await test.call("/api/v1/tool-servers", { token: tenant.token })).json()) as {
        items: { name: string }[];
      };
      expect(listed.items.map((item) => item.name)).not.toContain(`Big ${kind}`);
    });

    it("fails a refresh whose tools/list answer runs past the limit, keeping the tools it had", async () => {
      const created = await api("/api/v1/tool-servers", { name: "Big later", url });
      expect(created.status).toBe(201);
      const server = toolServerResourceSchema.parse(await created.json());
      big.hugeOn = "tools/list";
      big.kind = "json";
      await expectCut(await api(`/api/v1/tool-servers/${server.id}/refresh`));
      const after = toolServerResourceSchema.parse(
        await (await test.call(`/api/v1/tool-servers/${server.id}`, { token: tenant.token })).json(),
      );
      expect(after.tools.map((tool) => tool.name)).toEqual(["echo"]);
    });
  });
}

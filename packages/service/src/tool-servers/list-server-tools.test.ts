import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "../errors/service-error.ts";
import { createOutboundGuard, type OutboundGuard } from "../outbound/index.ts";
import { listServerTools } from "./list-server-tools.ts";
import { startToolServerStandIn, type ToolServerStandIn } from "./stand-in-tool-server.ts";

const servers: Server[] = [];
async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe("listServerTools", () => {
  let guard: OutboundGuard;
  let standIn: ToolServerStandIn;
  const list = (url: string) => listServerTools({ outbound: guard }, { url, headers: {} });

  beforeAll(async () => {
    guard = createOutboundGuard({ allowedHosts: ["127.0.0.1"] });
    standIn = await startToolServerStandIn();
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await standIn?.close();
    await guard?.close();
  });

  it("follows no redirect, naming where it pointed", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    });
    const error = await failure(list(url));
    expect(error.code).toBe("tool_server_failed");
    expect(error.message).toContain("redirected (HTTP 302) to http://169.254.169.254/latest/meta-data");
  });

  it("refuses JSON that is not JSON-RPC, saying so", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}');
    });
    const error = await failure(list(url));
    expect(error.message).toContain("its answer is not a JSON-RPC message of the protocol");
  });

  it("refuses a server listing a tool whose name agents could not call, taking none of its tools", async () => {
    standIn.addTool({
      name: "has space",
      description: "",
      input_schema: { type: "object" },
      run: () => "",
    });
    const error = await failure(list(standIn.url));
    expect(error.code).toBe("tool_server_failed");
    expect(error.message).toContain('has the name "has space"');
    standIn.removeTool("has space");
    expect((await list(standIn.url)).tools.map((tool) => tool.name)).toEqual(["echo", "add", "word_count"]);
  });

  it("gives up on a server that never answers after 10 s, saying so", async () => {
    const url = await serve(() => undefined);
    const error = await failure(list(url));
    expect(error.code).toBe("tool_server_failed");
    expect(error.message).toContain("did not answer in time");
  }, 20_000);
});

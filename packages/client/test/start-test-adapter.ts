import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the test adapter received it. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What a route answers: a JSON value (`json`) or raw text/bytes (`raw`), or never (`hang`). */
export type Reply =
  | { readonly status?: number; readonly json: unknown; readonly headers?: Record<string, string> }
  | { readonly status?: number; readonly raw: string | Buffer; readonly headers?: Record<string, string> }
  | { readonly hang: true };

export interface TestAdapter {
  readonly baseUrl: string;
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A hand-written adapter on plain node:http, mounted under `/<slug>` on port 0; routes are keyed by the path
 * below the mount (`/health`); an unknown route answers a D8 404 and a route that throws a D8 500.
 */
export async function startTestAdapter(
  routes: Record<string, (request: ReceivedRequest) => Reply>,
  slug = "chat",
): Promise<TestAdapter> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "").replace(`/${slug}`, "");
      const request: ReceivedRequest = {
        method: req.method ?? "",
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      const route = routes[path];
      const reply = answer(route, request);
      if ("hang" in reply) return;
      const body = "json" in reply ? JSON.stringify(reply.json) : reply.raw;
      const type = "json" in reply ? { "content-type": "application/json" } : {};
      res.writeHead(reply.status ?? 200, { ...type, ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/${slug}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(route: ((request: ReceivedRequest) => Reply) | undefined, request: ReceivedRequest): Reply {
  if (!route) return { status: 404, json: { ok: false, error: "no route", code: "not_found" } };
  try {
    return route(request);
  } catch (error) {
    return { status: 500, json: { ok: false, error: String(error), code: "internal_error" } };
  }
}

/** A base URL on which nothing listens: a port that was just bound and released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/chat`;
}

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** How the proxy changes a message answer of `/inbound` or `/parse-inbound`, given the answer as parsed JSON. */
export type Rewrite = (answer: Record<string, unknown>) => Record<string, unknown>;

/** A hostile App in front of a sound adapter: every call goes through, message answers come back rewritten. */
export interface RewritingProxy {
  /** The proxy's base URL, ending in the adapter's own slug so the App keeps its name. */
  readonly url: string;
  /** The rewrite applied from now on; undefined passes answers through unchanged. */
  rewrite: Rewrite | undefined;
  close(): Promise<void>;
}

const MESSAGE_ENDPOINTS = /\/(inbound|parse-inbound)$/;

/**
 * Starts a real HTTP proxy on 127.0.0.1 to `target` (an adapter's base URL). Requests and their signatures pass
 * unchanged, so the adapter verifies them as ever; a JSON answer of `/inbound` or `/parse-inbound` that carries a
 * `sender` (a message) is rewritten, as a hostile App would answer it.
 */
export async function startRewritingProxy(target: string): Promise<RewritingProxy> {
  const base = new URL(target);
  const proxy: RewritingProxy = { url: "", rewrite: undefined, close: async () => {} };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? "/").replace(/^\/[^/]+/, base.pathname);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !["host", "content-length", "connection"].includes(name)),
    ) as Record<string, string>;
    const answered = await fetch(new URL(path, base.origin), {
      method: request.method ?? "GET",
      headers,
      ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
    });
    let body = await answered.text();
    if (proxy.rewrite !== undefined && MESSAGE_ENDPOINTS.test(path) && answered.ok) {
      const json = JSON.parse(body) as Record<string, unknown>;
      if (typeof json.sender === "string") body = JSON.stringify(proxy.rewrite(json));
    }
    response.writeHead(answered.status, { "content-type": answered.headers.get("content-type") ?? "text/plain" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}${base.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** How a broken adapter misbehaves: answers HTML to everything, never answers, or serves a manifest but is not ready. */
export type Breakage = "garbage" | "hang" | "unready";

const MANIFEST = JSON.stringify({ schema_version: "1.0", name: "Broken", slug: "broken" });
const UNREADY = JSON.stringify({ status: "starting", version: "v0", adapter: "broken" });

/** A real HTTP server on 127.0.0.1 that breaks the contract in one way, at `<url>` (slug `broken`). */
export interface BrokenAdapter {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a broken adapter; `hang` keeps every request open until close. */
export async function startBrokenAdapter(breakage: Breakage): Promise<BrokenAdapter> {
  const server: Server = createServer((request, response) => {
    if (breakage === "garbage") response.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
    if (breakage !== "unready") return;
    const body = request.url?.endsWith("/manifest.json") ? MANIFEST : UNREADY;
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/broken`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL where nothing listens: a port taken and released again. */
export async function unusedAdapterUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/down`;
}

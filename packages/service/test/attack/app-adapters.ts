import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SLUG_PATTERN } from "@adapterkit/contract";
import { createAdapterHandler, defineAdapter } from "@adapterkit/sdk";
import { pino } from "pino";
import { startToolServerStandIn } from "../../src/tool-servers/stand-in-tool-server.ts";
import { RECORDER_MANIFEST } from "../helpers/recording-adapter.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** One loopback server (port 0) serving the recorder adapter under any slug, so every App of a test is a real one. */
export interface AppAdapters {
  /** The base URL of the adapter whose manifest says `slug`: `http://127.0.0.1:<port>/<slug>`. */
  urlOf(slug: string): string;
  /** A stand-in Model Context Protocol tool server on loopback (A13), for the tool-server routes. */
  readonly toolServerUrl: string;
  close(): Promise<void>;
}

/** The recorder (an api_key and a multi-field text credential) under another slug; `/verify` refuses "bad…" tokens. */
function recorderAs(slug: string): Handler {
  const adapter = defineAdapter({
    manifest: { ...RECORDER_MANIFEST, slug, name: `Recorder ${slug}` },
    verify: async ({ credentials }) =>
      String(credentials.bot_token).startsWith("bad")
        ? { ok: false, error: "token revoked" }
        : { ok: true, user: "recorder-bot" },
  });
  return createAdapterHandler(adapter, {
    signingSecret: undefined,
    version: "1.0.0",
    logger: pino({ level: "silent" }),
  });
}

/**
 * Starts the server. It takes unsigned calls (each App has its own signing secret, and rotating one must not break
 * the calls of the others); the slug is the first path segment, made into an adapter on first use.
 */
export async function startAppAdapters(): Promise<AppAdapters> {
  const handlers = new Map<string, Handler>();
  const server = createServer((req, res) => {
    const slug = (req.url ?? "/").split(/[/?]/)[1] ?? "";
    // D1: a slug is 2–64 characters of the pattern; anything else names no adapter here.
    if (!SLUG_PATTERN.test(slug) || slug.length < 2 || slug.length > 64) {
      res.writeHead(404).end();
      return;
    }
    let handler = handlers.get(slug);
    if (handler === undefined) {
      handler = recorderAs(slug);
      handlers.set(slug, handler);
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const tools = await startToolServerStandIn();
  return {
    urlOf: (slug) => `http://127.0.0.1:${port}/${slug}`,
    toolServerUrl: tools.url,
    close: async () => {
      await tools.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

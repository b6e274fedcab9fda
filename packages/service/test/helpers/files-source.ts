import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  type DemoTree,
  type FilesCredentials,
  type FilesStandIn,
  filesAdapter,
  startFilesStandIn,
} from "@adapterkit/adapter-files";
import { type AdapterServer, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import type { TestService } from "./test-service.ts";

const SECRET = "whsec_c291cmNlcy10ZXN0LXNpZ25pbmctc2VjcmV0LTAxMjM0NTY3";

/**
 * A proxy in front of the files adapter that counts `/sources/fetch-file` calls by file path (answers streamed
 * through), and when `failAfter`
 * is set answers every fetch after that many with a 500, as an adapter dying mid-page would.
 */
export interface FetchCounter {
  readonly fetches: Map<string, number>;
  failAfter: number | undefined;
  total: number;
}

/** The files sample installed into an organization, its WebDAV stand-in and the proxy counting its fetches. */
export interface FilesSource {
  readonly dav: FilesStandIn;
  readonly installationId: string;
  readonly counter: FetchCounter;
  close(): Promise<void>;
}

function startProxy(target: string, counter: FetchCounter): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.url?.endsWith("/sources/fetch-file")) {
      const path = (JSON.parse(body.toString()) as { file_path: string }).file_path;
      counter.total += 1;
      if (counter.failAfter !== undefined && counter.total > counter.failAfter) {
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":"dying","code":"internal"}');
        return;
      }
      counter.fetches.set(path, (counter.fetches.get(path) ?? 0) + 1);
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name !== "host" && name !== "content-length"),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const length = answer.headers.get("content-length");
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
      ...(length === null ? {} : { "content-length": length }),
    });
    // Streamed through, as the adapter streams: a caller that stops reading stops the adapter's answer too.
    if (answer.body === null) res.end();
    else await pipeline(Readable.fromWeb(answer.body as NodeReadableStream), res).catch(() => res.destroy());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * Serves the files adapter (behind the counting proxy), registers, publishes and installs it for the stand-in
 * serving `files`, or for `credentials` of another WebDAV server when given.
 */
export async function startFilesSource(
  test: TestService,
  organization: string,
  files: DemoTree,
  credentials?: FilesCredentials,
): Promise<FilesSource> {
  const dav = await startFilesStandIn({ files });
  const webdavUrl = credentials?.base_url ?? dav.url;
  const adapter: AdapterServer = await serve(filesAdapter, {
    allowedHosts: [new URL(webdavUrl).host],
    port: 0,
    host: "127.0.0.1",
    signingSecret: SECRET,
    handleSignals: false,
    logger: pino({ level: "silent" }),
  });
  const counter: FetchCounter = { fetches: new Map(), failAfter: undefined, total: 0 };
  const proxy = await startProxy(`http://127.0.0.1:${adapter.port}`, counter);
  const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/files`;
  const actor = { organization, project: "main" };
  await test.service.apps.register(actor, base, { signingSecret: SECRET });
  await test.service.apps.publish("files");
  const installation = await test.service.apps.install(actor, {
    app: "files",
    credentials: { webdav: { ...(credentials ?? dav.credentials) } },
  });
  return {
    dav,
    installationId: installation.id,
    counter,
    async close() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await adapter.close();
      await dav.close();
    },
  };
}

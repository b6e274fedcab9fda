import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { type SourceSyncJson, sourceDocumentListSchema, sourceSyncSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerPropfind, type FakeDav, startFakeDav } from "../../../../adapters/files/test/fake-dav.ts";
import { withSourceTables } from "../../src/sources/source-tables.ts";
import { type FilesSource, startFilesSource } from "../helpers/files-source.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const MEBIBYTE = Buffer.alloc(1024 * 1024, 0x61);
const LIMIT = 8 * MEBIBYTE.length;
/** What the endless file offers: far more than any buffer between the WebDAV server and the service holds. */
const ENDLESS_BYTES = 64 * LIMIT;
/**
 * A file within the limit sent in two parts: the second only once the store holds some of the first. The first part
 * is over the chunk queue's 4 MiB (D201), so it reaches the store by itself, whatever the other files do (at 2 MiB it
 * waited for another file's chunks to fill the queue, and the test failed when the endless file's were dropped first).
 */
const SLOW = { first: randomBytes(5 * MEBIBYTE.length), rest: randomBytes(MEBIBYTE.length), storedEarly: false };

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Streams the endless file without a Content-Length, counting what the socket took, until it ends or is cut. */
async function streamEndless(res: ServerResponse, sent: { bytes: number; closed: Promise<void> }): Promise<void> {
  res.writeHead(200, { "content-type": "application/octet-stream" });
  while (sent.bytes < ENDLESS_BYTES && !res.destroyed) {
    sent.bytes += MEBIBYTE.length;
    if (!res.write(MEBIBYTE)) await Promise.race([new Promise((resolve) => res.once("drain", resolve)), sent.closed]);
  }
  res.end();
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `Sources sync: the size limit of a file, enforced as it streams (D201) ${lane.title}`,
    () => {
      let test: TestService;
      let tenant: Tenant;
      let dav: FakeDav;
      let source: FilesSource;
      const endless = { bytes: 0, closed: Promise.resolve() };
      const base = () => `/api/v1/installations/${source.installationId}`;

      beforeAll(async () => {
        test = await startTestService(lane, { healthPolling: false, sources: { poll: false, maxFileBytes: LIMIT } });
        tenant = await createTenant(test, "docs-org");
        dav = await startFakeDav(async (req, res, path) => {
          if (req.method === "PROPFIND") {
            answerPropfind(res, [
              { href: "/dav/docs/", collection: true },
              { href: "/dav/docs/small.txt", etag: '"s1"' },
              { href: "/dav/docs/endless.bin", etag: '"e1"' },
              { href: "/dav/docs/declared.bin", etag: '"d1"' },
              { href: "/dav/docs/slow.bin", etag: '"w1"' },
            ]);
          } else if (path === "/dav/docs/slow.bin") {
            res.writeHead(200, { "content-type": "application/octet-stream" });
            res.write(SLOW.first);
            SLOW.storedEarly = await storesChunkWithin(10_000);
            res.end(SLOW.rest);
          } else if (path === "/dav/docs/small.txt") {
            res.writeHead(200, { "content-type": "text/plain" }).end("small\n");
          } else if (path === "/dav/docs/endless.bin") {
            endless.closed = new Promise((resolve) => res.once("close", () => resolve()));
            await streamEndless(res, endless);
          } else if (path === "/dav/docs/declared.bin") {
            res.writeHead(200, { "content-type": "application/zip", "content-length": String(LIMIT + 1) });
            res.end(Buffer.alloc(LIMIT + 1));
          } else {
            res.writeHead(404).end();
          }
        });
        source = await startFilesSource(test, "docs-org", {}, dav.credentials);
        const configured = await test.call(`${base()}/source`, {
          token: tenant.token,
          json: { resource_path: "/docs" },
        });
        expect(configured.status).toBe(200);
      });
      afterAll(async () => {
        await test?.close();
        await source?.close();
        await dav?.close();
      });

      /** Whether a chunk of a file reaches the store within `ms`. */
      async function storesChunkWithin(ms: number): Promise<boolean> {
        const chunks = withSourceTables(test.service.store.db).selectFrom("source_chunks").select("seq").limit(1);
        for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
          if ((await chunks.execute()).length > 0) return true;
        }
        return false;
      }

      async function sync(): Promise<SourceSyncJson> {
        const started = await test.call(`${base()}/sync`, { token: tenant.token, method: "POST" });
        expect(started.status).toBe(202);
        const { id } = sourceSyncSchema.parse(await started.json());
        await test.service.sources.idle();
        return sourceSyncSchema.parse(await (await test.call(`${base()}/syncs/${id}`, { token: tenant.token })).json());
      }

      it("records each file over the limit as an error of that file, syncs the rest, and keeps nothing of them", async () => {
        const outcome = await sync();
        const slowBytes = SLOW.first.length + SLOW.rest.length;
        expect(outcome).toMatchObject({ state: "succeeded", added: 2, bytes: 6 + slowBytes });
        expect([...outcome.errors].sort()).toEqual([
          `/docs/declared.bin: not synced: larger than the ${LIMIT}-byte limit for a file (sources.maxFileBytes)`,
          `/docs/endless.bin: not synced: larger than the ${LIMIT}-byte limit for a file (sources.maxFileBytes)`,
        ]);
        const listed = sourceDocumentListSchema.parse(
          await (await test.call(`${base()}/documents`, { token: tenant.token })).json(),
        );
        // Compared by digest: a deep comparison of megabytes byte by byte takes longer than the sync.
        const contents = new Map<string, string>();
        for (const item of listed.items) {
          const content = await test.call(`${base()}/documents/${item.id}/content`, { token: tenant.token });
          contents.set(item.path, sha256(Buffer.from(await content.arrayBuffer())));
        }
        expect(contents).toEqual(
          new Map([
            ["/docs/small.txt", sha256(Buffer.from("small\n"))],
            ["/docs/slow.bin", sha256(Buffer.concat([SLOW.first, SLOW.rest]))],
          ]),
        );
        // Nothing half-written: every stored chunk belongs to a document, and they hold those documents' bytes only.
        const db = withSourceTables(test.service.store.db);
        const chunks = await db.selectFrom("source_chunks").select(["blob_id", "bytes"]).execute();
        const named = await db.selectFrom("source_documents").select("blob_id").execute();
        expect(new Set(chunks.map((chunk) => chunk.blob_id))).toEqual(new Set(named.map((row) => row.blob_id)));
        expect(chunks.reduce((sum, chunk) => sum + chunk.bytes.byteLength, 0)).toBe(6 + slowBytes);
      });

      it("stores a file's first chunks while its server still holds the rest, so no file is held whole", () => {
        expect(SLOW.storedEarly).toBe(true);
      });

      it("stops reading a file without a Content-Length once it passes the limit, and the download stops there", async () => {
        // The first sync cut the endless file off: its server saw the connection close long before the end, so
        // neither the adapter nor the service read the file whole before judging its size.
        await endless.closed;
        expect(endless.bytes).toBeGreaterThan(LIMIT);
        expect(endless.bytes).toBeLessThan(ENDLESS_BYTES / 4);
      });
    },
  );
}

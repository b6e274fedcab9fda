import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { sourceDocumentListSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSourceTables } from "../../src/sources/source-tables.ts";
import { type FilesSource, startFilesSource } from "../helpers/files-source.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

// Twelve 256 KiB chunks and a bit: the content route reads them a few at a time, so a download spans several reads.
const LARGE = randomBytes(3 * 1024 * 1024 + 1234);

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`A document's content is sent as it is read from the store ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let source: FilesSource;
    const ids = new Map<string, number>();
    const base = () => `/api/v1/installations/${source.installationId}`;

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false, sources: false });
      tenant = await createTenant(test, "stream-org");
      source = await startFilesSource(test, "stream-org", {
        docs: { "large.bin": LARGE, "cut.bin": LARGE, "small.txt": "hello\n" },
      });
      const configured = await test.call(`${base()}/source`, { token: tenant.token, json: { resource_path: "/docs" } });
      expect(configured.status).toBe(200);
      expect((await test.call(`${base()}/sync`, { token: tenant.token, method: "POST" })).status).toBe(202);
      await test.service.sources.idle();
      const listed = sourceDocumentListSchema.parse(
        await (await test.call(`${base()}/documents`, { token: tenant.token })).json(),
      );
      for (const item of listed.items) ids.set(item.path, item.id);
      expect([...ids.keys()].sort()).toEqual(["/docs/cut.bin", "/docs/large.bin", "/docs/small.txt"]);
    });
    afterAll(async () => {
      await test?.close();
      await source?.close();
    });

    const contentPath = (path: string) => `${base()}/documents/${ids.get(path)}/content`;

    it("answers a file of many chunks byte-exact, with its length declared up front", async () => {
      const answer = await test.call(contentPath("/docs/large.bin"), { token: tenant.token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-length")).toBe(String(LARGE.length));
      expect(answer.headers.get("content-disposition")).toBe("attachment");
      expect(Buffer.from(await answer.arrayBuffer()).equals(LARGE)).toBe(true);
      const small = await test.call(contentPath("/docs/small.txt"), { token: tenant.token });
      expect(await small.text()).toBe("hello\n");
    });

    it("cuts the connection when the file's chunks run out before its length (never a short 200 body)", async () => {
      // As if a sync replaced the file while it was being read: its later chunks are gone.
      const document = await withSourceTables(test.service.store.db)
        .selectFrom("source_documents")
        .select("blob_id")
        .where("id", "=", ids.get("/docs/cut.bin") ?? 0)
        .executeTakeFirstOrThrow();
      await withSourceTables(test.service.store.db)
        .deleteFrom("source_chunks")
        .where("blob_id", "=", document.blob_id ?? "")
        .where("seq", ">=", 6)
        .execute();
      const answer = await test.call(contentPath("/docs/cut.bin"), { token: tenant.token });
      expect(answer.status).toBe(200);
      await expect(answer.arrayBuffer()).rejects.toThrow();
      // The service goes on answering.
      expect((await test.call(contentPath("/docs/small.txt"), { token: tenant.token })).status).toBe(200);
    });

    it("stops reading when the client goes away midway, and goes on answering others", async () => {
      const url = new URL(contentPath("/docs/large.bin"), test.url);
      const firstBytes = await new Promise<number>((resolve, reject) => {
        const sent = request(url, { headers: { authorization: `Bearer ${tenant.token}` } }, (response) => {
          response.once("data", (chunk: Buffer) => {
            resolve(chunk.length);
            sent.destroy();
          });
        });
        sent.on("error", (error) => {
          if ((error as { code?: string }).code !== "ECONNRESET") reject(error);
        });
        sent.end();
      });
      expect(firstBytes).toBeGreaterThan(0);
      const again = await test.call(contentPath("/docs/large.bin"), { token: tenant.token });
      expect(Buffer.from(await again.arrayBuffer()).equals(LARGE)).toBe(true);
    });
  });
}

import { randomBytes } from "node:crypto";
import { type SourceSyncJson, sourceDocumentListSchema, sourceSyncSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { davChange } from "../../../../adapters/files/test/support.ts";
import { withSourceTables } from "../../src/sources/source-tables.ts";
import { type FilesSource, startFilesSource } from "../helpers/files-source.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

// Over two chunks (CHUNK_BYTES), so a file is stored and read back in pieces.
const BINARY = randomBytes(700_000);

/** What the folder holds, path → bytes, as the documents should end up. */
function expected(tree: Record<string, string | Buffer>): Map<string, Buffer> {
  return new Map(Object.entries(tree).map(([path, content]) => [path, Buffer.from(content)]));
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `Sources sync against the files sample and its WebDAV stand-in (A12) ${lane.title}`,
    () => {
      let test: TestService;
      let tenant: Tenant;
      let other: Tenant;
      let source: FilesSource;
      const base = () => `/api/v1/installations/${source.installationId}`;

      beforeAll(async () => {
        test = await startTestService(lane, { healthPolling: false, sources: false });
        tenant = await createTenant(test, "docs-org");
        other = await createTenant(test, "other-org");
        source = await startFilesSource(test, "docs-org", {
          docs: {
            "welcome.md": "# Welcome\n",
            "Résumé #2.txt": "accents and a hash\n",
            guides: { "start.md": "1. Install.\n", "image.bin": BINARY },
            empty: {},
          },
          "outside.txt": "not synced\n",
        });
        const configured = await test.call(`${base()}/source`, {
          token: tenant.token,
          json: { resource_path: "/docs" },
        });
        expect(configured.status).toBe(200);
      });
      afterAll(async () => {
        await test?.close();
        await source?.close();
      });

      async function sync(): Promise<SourceSyncJson> {
        const started = await test.call(`${base()}/sync`, { token: tenant.token, method: "POST" });
        expect(started.status).toBe(202);
        const { id } = sourceSyncSchema.parse(await started.json());
        await test.service.sources.idle();
        const shown = await test.call(`${base()}/syncs/${id}`, { token: tenant.token });
        return sourceSyncSchema.parse(await shown.json());
      }

      async function documents(): Promise<Map<string, Buffer>> {
        const listed = sourceDocumentListSchema.parse(
          await (await test.call(`${base()}/documents?limit=100`, { token: tenant.token })).json(),
        );
        const found = new Map<string, Buffer>();
        for (const item of listed.items) {
          const content = await test.call(`${base()}/documents/${item.id}/content`, { token: tenant.token });
          expect(content.headers.get("content-disposition")).toBe("attachment");
          found.set(item.path, Buffer.from(await content.arrayBuffer()));
        }
        return found;
      }

      it("brings every file below the folder byte-exact on the first sync, and lists none twice", async () => {
        const outcome = await sync();
        expect(outcome).toMatchObject({
          state: "succeeded",
          added: 4,
          modified: 0,
          removed: 0,
          errors: [],
          page: null,
        });
        expect(outcome.pages).toBe(2); // the page of changes, then the empty page at the fixed point
        expect(outcome.bytes).toBe(10 + 19 + 12 + BINARY.length);
        expect(await documents()).toEqual(
          expected({
            "/docs/welcome.md": "# Welcome\n",
            "/docs/Résumé #2.txt": "accents and a hash\n",
            "/docs/guides/start.md": "1. Install.\n",
            "/docs/guides/image.bin": BINARY,
          }),
        );
        expect([...source.counter.fetches.values()].every((count) => count === 1)).toBe(true);
      });

      it("applies exactly the files added, changed and deleted since, fetching only those", async () => {
        source.counter.fetches.clear();
        await davChange(source.dav, "PUT", "/docs/guides/start.md", "1. Install.\n2. Sync.\n");
        await davChange(source.dav, "PUT", "/docs/new.txt", "new\n");
        await davChange(source.dav, "DELETE", "/docs/welcome.md");
        const outcome = await sync();
        expect(outcome).toMatchObject({ state: "succeeded", added: 1, modified: 1, removed: 1, errors: [] });
        expect(Object.fromEntries(source.counter.fetches)).toEqual({ "/docs/guides/start.md": 1, "/docs/new.txt": 1 });
        expect(await documents()).toEqual(
          expected({
            "/docs/Résumé #2.txt": "accents and a hash\n",
            "/docs/guides/start.md": "1. Install.\n2. Sync.\n",
            "/docs/guides/image.bin": BINARY,
            "/docs/new.txt": "new\n",
          }),
        );
        const again = await sync();
        expect(again).toMatchObject({ state: "succeeded", pages: 1, added: 0, modified: 0, removed: 0, bytes: 0 });
      });

      it("records a tampered cursor's refusal instead of starting over, and keeps the documents", async () => {
        const db = withSourceTables(test.service.store.db);
        const { cursor } = await db.selectFrom("sources").select("cursor").executeTakeFirstOrThrow();
        const tampered = `${cursor?.slice(0, -4)}AAAA`;
        await db.updateTable("sources").set({ cursor: tampered }).execute();
        const before = await documents();
        const outcome = await sync();
        expect(outcome.state).toBe("failed");
        expect(outcome.errors.join(" ")).toMatch(/refused the stored cursor; the source was not started over/);
        expect(outcome.errors.join(" ")).toMatch(/HTTP 400 invalid_request: the cursor is refused/);
        expect((await db.selectFrom("sources").select("cursor").executeTakeFirstOrThrow()).cursor).toBe(tampered);
        expect(await documents()).toEqual(before);
        // Resetting is the operator's explicit choice: the source starts again from nothing.
        await test.call(`${base()}/source`, { token: tenant.token, json: { resource_path: "/docs", reset: true } });
        expect((await sync()).state).toBe("succeeded");
        expect(await documents()).toEqual(before);
      });

      it("ends a sync that died mid-page with nothing of that page applied; the next one ends where an uninterrupted one would", async () => {
        await davChange(source.dav, "PUT", "/docs/a.txt", "a\n");
        await davChange(source.dav, "PUT", "/docs/b.txt", "b\n");
        await davChange(source.dav, "PUT", "/docs/c.txt", "c\n");
        const before = await documents();
        source.counter.fetches.clear();
        source.counter.total = 0;
        source.counter.failAfter = 1;
        const failed = await sync();
        expect(failed.state).toBe("failed");
        expect(failed).toMatchObject({ pages: 0, added: 0 });
        expect(await documents()).toEqual(before);
        source.counter.failAfter = undefined;
        const resumed = await sync();
        expect(resumed).toMatchObject({ state: "succeeded", added: 3 });
        const after = await documents();
        expect(after.get("/docs/b.txt")?.toString()).toBe("b\n");
        expect(after.size).toBe(before.size + 3);
        // Only the page that was in flight is fetched again, and only once more.
        expect([...source.counter.fetches.values()].every((count) => count <= 2)).toBe(true);
      });

      it("runs one sync at a time: a second request while one runs is a 409", async () => {
        const first = test.call(`${base()}/sync`, { token: tenant.token, method: "POST" });
        const second = test.call(`${base()}/sync`, { token: tenant.token, method: "POST" });
        const statuses = [(await first).status, (await second).status].sort();
        expect(statuses).toEqual([202, 409]);
        await test.service.sources.idle();
      });

      it("shows the source, and keeps its documents from another organization's token", async () => {
        const shown = await (await test.call(`${base()}/source`, { token: tenant.token })).json();
        expect(shown).toMatchObject({ resource_path: "/docs", syncing: false, documents: 7 });
        expect((await test.call(`${base()}/documents`, { token: other.token })).status).toBe(404);
        expect((await test.call(`${base()}/sync`, { token: other.token, method: "POST" })).status).toBe(404);
        const unknown = await test.call(`${base()}/documents/999999`, { token: tenant.token });
        expect((await readProblem(unknown)).code).toBe("not_found");
        const bad = await test.call(`${base()}/source`, { token: tenant.token, json: { resource_path: "" } });
        expect(bad.status).toBe(400);
      });
    },
  );
}

import { sourceDocumentListSchema, sourceSyncListSchema } from "@adapterkit/contract";
import { afterAll, describe, expect, it } from "vitest";
import { type ChildService, exited, startChildFixture } from "../helpers/child-service.ts";
import { type PagingAdapter, pagerFile, startPagingAdapter } from "../helpers/paging-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";

const SECRET = "whsec_cGFnZXItc2lnbmluZy1zZWNyZXQtZm9yLXRoZS1raWxsLXRlc3Q";
const COUNT = 23;
const PER_PAGE = 5;

/** The sources fixture's ready line: the service, a token and the paging adapter's installation. */
type Child = Pick<ChildService, "child" | "url" | "token"> & { readonly installationId: string };
const startChild = (env: Record<string, string>) => startChildFixture<Omit<Child, "child">>("serve-sources.ts", env);

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`A sync killed with SIGKILL mid-page, then restarted (A12) ${lane.title}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("ends with every file byte-exact and none fetched twice beyond the page in flight", async () => {
      const pager: PagingAdapter = await startPagingAdapter({ count: COUNT, perPage: PER_PAGE, signingSecret: SECRET });
      cleanups.push(() => pager.close());
      const location = await lane.allocate();
      cleanups.push(() => location.dispose());
      const env: Record<string, string> = {
        ADAPTERKIT_DATA_DIR: location.options.dataDir,
        ADAPTERKIT_SECRET_KEY: "a".repeat(64),
        PAGER_URL: pager.url,
        PAGER_SECRET: SECRET,
        ...(location.options.databaseUrl ? { DATABASE_URL: location.options.databaseUrl } : {}),
        ...(location.options.schema ? { ADAPTERKIT_TEST_SCHEMA: location.options.schema } : {}),
      };
      // Two pages (10 files) commit; the third is in flight when its third file is held and the service killed.
      pager.holdAfter = 2 * PER_PAGE + 2;
      const first = await startChild(env);
      const call = (child: Child, path: string, method = "GET", json?: unknown) =>
        fetch(`${child.url}/api/v1/installations/${child.installationId}${path}`, {
          method,
          headers: { authorization: `Bearer ${child.token}`, ...(json ? { "content-type": "application/json" } : {}) },
          ...(json ? { body: JSON.stringify(json) } : {}),
        });
      expect((await call(first, "/source", "POST", { resource_path: "/" })).status).toBe(200);
      expect((await call(first, "/sync", "POST")).status).toBe(202);
      await pager.held;
      first.child.kill("SIGKILL");
      await exited(first.child);

      pager.holdAfter = undefined;
      const second = await startChild(env);
      cleanups.push(async () => {
        second.child.kill("SIGKILL");
      });
      // The killed sync holds the source until its lease lapses (1 s here): until then a sync is refused.
      let started = await call(second, "/sync", "POST");
      for (let i = 0; i < 100 && started.status === 409; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        started = await call(second, "/sync", "POST");
      }
      expect(started.status).toBe(202);
      let syncs = sourceSyncListSchema.parse(await (await call(second, "/syncs")).json());
      for (let i = 0; i < 200 && syncs.items[0]?.state === "running"; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        syncs = sourceSyncListSchema.parse(await (await call(second, "/syncs")).json());
      }
      expect(syncs.items.map((sync) => sync.state)).toEqual(["succeeded", "interrupted"]);
      expect(syncs.items[1]).toMatchObject({ pages: 2, added: 2 * PER_PAGE });
      expect(syncs.items[0]).toMatchObject({ added: COUNT - 2 * PER_PAGE });

      const listed = sourceDocumentListSchema.parse(await (await call(second, "/documents?limit=100")).json());
      expect(listed.items.map((item) => item.path).sort()).toEqual(
        Array.from({ length: COUNT }, (_, i) => `/f/${String(i).padStart(4, "0")}.bin`),
      );
      for (const item of listed.items) {
        const bytes = Buffer.from(await (await call(second, `/documents/${item.id}/content`)).arrayBuffer());
        expect(bytes.equals(pagerFile(Number(item.path.slice(3, 7)))), item.path).toBe(true);
      }
      const inFlight = new Set(
        Array.from({ length: PER_PAGE }, (_, k) => `/f/${String(2 * PER_PAGE + k).padStart(4, "0")}.bin`),
      );
      for (const [path, count] of pager.fetches) expect(count, path).toBe(inFlight.has(path) ? count : 1);
      expect(Math.max(...pager.fetches.values())).toBeLessThanOrEqual(2);
    }, 60_000);
  });
}

import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerPropfind, type FakeDav, type FakeEntry, startFakeDav } from "../test/fake-dav.ts";
import { filesAdapter, type filesManifest } from "./index.ts";

let adapter: StartedAdapter<typeof filesManifest>;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter, { allowedHosts: ["127.0.0.1"] });
});
afterAll(() => adapter.close());

/** A fake server answering PROPFIND from a table of folder path → entries; anything else is 404. */
async function serveTree(tree: Record<string, FakeEntry[]>): Promise<FakeDav> {
  return startFakeDav((req, res, path) => {
    const entries = tree[path.replace(/\/$/, "")];
    if (req.method !== "PROPFIND" || entries === undefined) {
      res.writeHead(404).end();
      return;
    }
    answerPropfind(res, entries);
  });
}

async function listPaths(dav: FakeDav, resourcePath = "/docs"): Promise<string[]> {
  const { status, body } = await adapter.client.listChanges({
    credentials: dav.credentials,
    resource_path: resourcePath,
    cursor: null,
  });
  expect(status).toBe(200);
  return (body as { changes: { path: string }[] }).changes.map((change) => change.path);
}

const folder = (href: string): FakeEntry => ({ href, collection: true });

describe("walking the tree a server describes", () => {
  it("lists only children below the folder asked for, whatever hrefs the server writes", async () => {
    const dav = await serveTree({
      "/dav/docs": [
        folder("/dav/docs/"),
        { href: "/dav/docs/a.md" },
        { href: "/dav/outside.txt" },
        { href: "/dav/docs/../outside-2.txt" },
        { href: "/dav/docs-private/b.md" },
        { href: "/dav/docs/%5C..%5Csecret.txt" },
        { href: "/dav/docs/%2e%2e%2Fsecret.txt" },
        { href: "http://[not-a-url" },
        folder("/dav/"),
      ],
    });
    try {
      expect(await listPaths(dav)).toEqual(["/docs/a.md"]);
      expect(dav.requests).toEqual(["PROPFIND /dav/docs"]);
    } finally {
      await dav.close();
    }
  });

  it("asks each folder once, though the server lists folders twice and names parents as children", async () => {
    const dav = await serveTree({
      "/dav/docs": [
        folder("/dav/docs/"),
        folder("/dav/docs/sub/"),
        folder("/dav/docs/sub/deep/"),
        folder("/dav/docs/sub/"),
      ],
      "/dav/docs/sub": [
        folder("/dav/docs/sub/"),
        folder("/dav/docs/"),
        folder("/dav/docs/sub/deep/"),
        { href: "/dav/docs/sub/c.md" },
      ],
      "/dav/docs/sub/deep": [
        folder("/dav/docs/sub/deep/"),
        folder("/dav/docs/sub/"),
        { href: "/dav/docs/sub/deep/d.md" },
      ],
    });
    try {
      expect(await listPaths(dav)).toEqual(["/docs/sub/c.md", "/docs/sub/deep/d.md"]);
      expect([...dav.requests].sort()).toEqual([
        "PROPFIND /dav/docs",
        "PROPFIND /dav/docs/sub",
        "PROPFIND /dav/docs/sub/deep",
      ]);
    } finally {
      await dav.close();
    }
  });

  it("lists a file once when the server names it twice", async () => {
    const dav = await serveTree({
      "/dav/docs": [
        folder("/dav/docs/"),
        { href: "/dav/docs/a.md", etag: '"1"' },
        { href: "/dav/docs/a.md", etag: '"2"' },
        { href: "/dav/docs/%61.md", etag: '"3"' },
      ],
    });
    try {
      const { body } = await adapter.client.listChanges({
        credentials: dav.credentials,
        resource_path: "/docs",
        cursor: null,
      });
      expect(body).toMatchObject({ changes: [{ path: "/docs/a.md", fingerprint: '"1"', status: "added" }] });
      expect((body as { changes: unknown[] }).changes).toHaveLength(1);
    } finally {
      await dav.close();
    }
  });

  it("asks a folder again for modification times when a file in it has no ETag, and fingerprints by them", async () => {
    const modified = "Wed, 25 Nov 2026 10:00:00 GMT";
    const dav = await serveTree({
      "/dav/docs": [
        folder("/dav/docs/"),
        { href: "/dav/docs/tagged.md", etag: '"t"' },
        { href: "/dav/docs/untagged.md", etag: null, lastModified: modified, contentLength: 12 },
        folder("/dav/docs/sub/"),
      ],
      "/dav/docs/sub": [folder("/dav/docs/sub/"), { href: "/dav/docs/sub/c.md", etag: '"c"' }],
    });
    try {
      const { body } = await adapter.client.listChanges({
        credentials: dav.credentials,
        resource_path: "/docs",
        cursor: null,
      });
      expect((body as { changes: unknown[] }).changes).toEqual([
        { path: "/docs/sub/c.md", fingerprint: '"c"', status: "added" },
        { path: "/docs/tagged.md", fingerprint: '"t"', status: "added" },
        { path: "/docs/untagged.md", fingerprint: `modified:${modified};length:12`, status: "added" },
      ]);
      expect([...dav.requests].sort()).toEqual(["PROPFIND /dav/docs", "PROPFIND /dav/docs", "PROPFIND /dav/docs/sub"]);
    } finally {
      await dav.close();
    }
  });
});

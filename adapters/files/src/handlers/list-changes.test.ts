import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { davChange } from "../../test/support.ts";
import { filesAdapter, type filesManifest } from "../index.ts";
import { type FilesStandIn, startFilesStandIn } from "../stand-in.ts";

let adapter: StartedAdapter<typeof filesManifest>;
let dav: FilesStandIn;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter, { allowedHosts: ["127.0.0.1"] });
});
beforeEach(async () => {
  dav = await startFilesStandIn();
  return () => dav.close();
});
afterAll(() => adapter.close());

type Answer = { changes: { path: string; fingerprint: string | null; status: string }[]; cursor: string };

async function listChanges(
  cursor: string | null,
  resourcePath = "/docs",
  credentials = dav.credentials,
): Promise<Answer> {
  const { status, body } = await adapter.client.listChanges({ credentials, resource_path: resourcePath, cursor });
  expect(status).toBe(200);
  return body as Answer;
}

const summary = (answer: Answer) => answer.changes.map(({ path, status }) => `${status} ${path}`);

describe("POST /files/sources/list-changes", () => {
  it("lists every file below resource_path as added on the first call, with its ETag", async () => {
    const first = await listChanges(null);
    expect(summary(first)).toEqual([
      "added /docs/data/sample.json",
      "added /docs/guides/getting-started.md",
      "added /docs/notes.txt",
      "added /docs/welcome.md",
    ]);
    for (const change of first.changes) expect(change.fingerprint).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it("lists nothing when called again with the cursor of an unchanged tree", async () => {
    const first = await listChanges(null);
    const second = await listChanges(first.cursor);
    expect(second.changes).toEqual([]);
    expect((await listChanges(second.cursor)).changes).toEqual([]);
  });

  it("reports added, modified and removed files since the cursor", async () => {
    const { cursor } = await listChanges(null);
    await davChange(dav, "PUT", "/docs/new.md", "# New");
    await davChange(dav, "PUT", "/docs/notes.txt", "Edited notes.\n");
    await davChange(dav, "DELETE", "/docs/welcome.md");
    await davChange(dav, "PUT", "/outside-2.txt", "not below /docs");
    const next = await listChanges(cursor);
    expect(summary(next)).toEqual(["added /docs/new.md", "modified /docs/notes.txt", "removed /docs/welcome.md"]);
    expect(next.changes.find((change) => change.status === "removed")?.fingerprint).toBeNull();
    expect((await listChanges(next.cursor)).changes).toEqual([]);
  });

  it("walks into new folders and reports the files of a removed one", async () => {
    const { cursor } = await listChanges(null);
    await davChange(dav, "MKCOL", "/docs/reports");
    await davChange(dav, "MKCOL", "/docs/reports/2026");
    await davChange(dav, "PUT", "/docs/reports/2026/q1.txt", "Q1");
    await davChange(dav, "DELETE", "/docs/guides");
    expect(summary(await listChanges(cursor))).toEqual([
      "removed /docs/guides/getting-started.md",
      "added /docs/reports/2026/q1.txt",
    ]);
  });

  it("decodes names with spaces and non-ASCII characters", async () => {
    const { cursor } = await listChanges(null);
    await davChange(dav, "PUT", "/docs/Résumé final #2.txt", "cv");
    expect(summary(await listChanges(cursor))).toEqual(["added /docs/Résumé final #2.txt"]);
  });

  it("lists paths relative to a base URL below the server root", async () => {
    const credentials = { ...dav.credentials, base_url: `${dav.url}docs/guides/` };
    expect(summary(await listChanges(null, "/", credentials))).toEqual(["added /getting-started.md"]);
  });

  it("lists the one file a resource_path names", async () => {
    expect(summary(await listChanges(null, "/docs/notes.txt"))).toEqual(["added /docs/notes.txt"]);
  });

  it("reads servers that answer hrefs as paths rather than URLs", async () => {
    const paths = await startFilesStandIn({ respondWithPaths: true });
    try {
      const answer = await listChanges(null, "docs/guides/", paths.credentials);
      expect(summary(answer)).toEqual(["added /docs/guides/getting-started.md"]);
    } finally {
      await paths.close();
    }
  });

  it("answers 400 naming cursor when the cursor was tampered with", async () => {
    const { cursor } = await listChanges(null);
    const tampered = `${cursor.slice(0, 10)}${cursor[10] === "A" ? "B" : "A"}${cursor.slice(11)}`;
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: "/docs",
      cursor: tampered,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/cursor" }] });
  });

  it("answers 400 when the cursor was issued for other credentials", async () => {
    const { cursor } = await listChanges(null);
    const other = { ...dav.credentials, username: "someone-else" };
    const { status, body } = await adapter.client.listChanges({ credentials: other, resource_path: "/docs", cursor });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: expect.stringContaining("other credentials") });
  });

  it("answers 400 when the cursor was issued for another resource_path", async () => {
    const { cursor } = await listChanges(null, "/docs/guides");
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: "/docs",
      cursor,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'the cursor was issued for resource_path "/docs/guides", not "/docs"' });
  });

  it("answers 404 when resource_path does not exist", async () => {
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: "/nope",
      cursor: null,
    });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "not_found", error: "Nothing exists at /nope on the WebDAV server (404)" });
  });

  it("answers 400 naming resource_path when it climbs out with ..", async () => {
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: "/docs/../",
      cursor: null,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [{ path: "/resource_path" }] });
  });

  it.each([
    "/docs\\..\\",
    "/docs/%2e%2e",
    "/docs%2F..%2F",
    "/docs/\u0001",
  ])("answers 400 naming resource_path for %j, which could climb out of its folder", async (resourcePath) => {
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: resourcePath,
      cursor: null,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/resource_path" }] });
  });

  it("answers 400 naming base_url when it carries a password, and does not repeat it", async () => {
    const credentials = { ...dav.credentials, base_url: dav.url.replace("http://", "http://demo:Sup3rSecret@") };
    const { status, body } = await adapter.client.listChanges({ credentials, resource_path: "/docs", cursor: null });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/credentials/base_url" }] });
    expect(JSON.stringify(body)).not.toContain("Sup3rSecret");
  });

  it("answers 502 saying the server refused the credentials", async () => {
    const credentials = { ...dav.credentials, password: "wrong" };
    const { status, body } = await adapter.client.listChanges({ credentials, resource_path: "/docs", cursor: null });
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: "platform_error", error: "WebDAV server refused the credentials (401)" });
  });
});

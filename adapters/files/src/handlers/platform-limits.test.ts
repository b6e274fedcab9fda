import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { answerPropfind, type FakeDav, type FakeEntry, startFakeDav } from "../../test/fake-dav.ts";
import { filesAdapter, type filesManifest } from "../index.ts";

let adapter: StartedAdapter<typeof filesManifest>;
let dav: FakeDav | undefined;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter, { allowedHosts: ["127.0.0.1"] });
});
afterEach(async () => {
  await dav?.close();
  dav = undefined;
});
afterAll(() => adapter.close());

function credentials() {
  if (dav === undefined) throw new Error("start the fake server first");
  return dav.credentials;
}

function listChanges(resourcePath = "/docs") {
  return adapter.client.listChanges({
    credentials: credentials(),
    resource_path: resourcePath,
    cursor: null,
  });
}

function fetchFile(filePath = "/docs/a.md") {
  return adapter.client.fetchFile({
    credentials: credentials(),
    resource_path: "/docs",
    file_path: filePath,
  });
}

describe("files adapter against a server's limits", () => {
  it.each([
    ["list-changes", listChanges],
    ["fetch-file", () => fetchFile()],
  ])("%s answers 429 rate_limited with the server's Retry-After", async (_, call) => {
    dav = await startFakeDav((_req, res) => {
      res.writeHead(429, { "retry-after": "7" }).end();
    });
    const { status, headers, body } = await call();
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBe("7");
    expect(body).toEqual({
      ok: false,
      code: "rate_limited",
      error: "The WebDAV server asks to slow down (429)",
      retry_after: 7,
    });
  });

  it("answers 429 without retry_after when the server's Retry-After is not a number of seconds", async () => {
    dav = await startFakeDav((_req, res) => {
      res.writeHead(429, { "retry-after": "soon" }).end();
    });
    const { status, headers, body } = await listChanges();
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBeNull();
    expect(body).toEqual({ ok: false, code: "rate_limited", error: "The WebDAV server asks to slow down (429)" });
  });

  it("stops walking once it has seen more than 10,000 files and answers 400 naming resource_path", async () => {
    const folders = Array.from({ length: 20 }, (_, index) => `/dav/big/f${index}`);
    dav = await startFakeDav((_req, res, path) => {
      const folder = path.replace(/\/$/, "");
      if (folder === "/dav/big") {
        answerPropfind(res, [
          { href: "/dav/big/", collection: true },
          ...folders.map((href) => ({ href: `${href}/`, collection: true })),
        ]);
        return;
      }
      const files: FakeEntry[] = Array.from({ length: 2_600 }, (_, index) => ({ href: `${folder}/${index}.txt` }));
      answerPropfind(res, [{ href: `${folder}/`, collection: true }, ...files]);
    });
    const { status, body } = await listChanges("/big");
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      error: expect.stringContaining(
        "The tree under /big is too large for a stateless cursor: it has more than 10000 files",
      ),
      issues: [{ path: "/resource_path" }],
    });
    // The root, then one batch of four folders (10,400 files): the other sixteen are never asked for.
    expect(dav.requests).toHaveLength(5);
  });
});

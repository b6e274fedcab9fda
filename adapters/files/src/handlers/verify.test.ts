import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesAdapter, type filesManifest } from "../index.ts";
import { type FilesStandIn, startFilesStandIn } from "../stand-in.ts";

let adapter: StartedAdapter<typeof filesManifest>;
let dav: FilesStandIn;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter);
  dav = await startFilesStandIn();
});
afterAll(async () => {
  await adapter.close();
  await dav.close();
});

async function verify(credentials: typeof dav.credentials) {
  const { status, body } = await adapter.client.verify({ credentials });
  expect(status).toBe(200);
  return body;
}

describe("POST /files/verify", () => {
  it("PROPFINDs the base URL with the credentials and names the user", async () => {
    expect(await verify(dav.credentials)).toEqual({ ok: true, user: "demo" });
  });

  it("accepts a base URL that points at a folder below the server root", async () => {
    expect(await verify({ ...dav.credentials, base_url: `${dav.url}docs` })).toEqual({ ok: true, user: "demo" });
  });

  it("answers ok false when the server refuses the password (401)", async () => {
    expect(await verify({ ...dav.credentials, password: "wrong" })).toEqual({
      ok: false,
      error: "WebDAV server refused the credentials (401)",
    });
  });

  it("answers ok false when the base URL names no folder (404)", async () => {
    expect(await verify({ ...dav.credentials, base_url: `${dav.url}nowhere/` })).toEqual({
      ok: false,
      error: `No WebDAV folder at ${dav.url}nowhere/ (404)`,
    });
  });

  it("answers ok false when the base URL names a file", async () => {
    expect(await verify({ ...dav.credentials, base_url: `${dav.url}outside.txt` })).toMatchObject({
      ok: false,
      error: expect.stringContaining("is a file"),
    });
  });

  it("answers ok false naming the server when nothing listens there", async () => {
    const closed = await startFilesStandIn();
    await closed.close();
    const host = new URL(closed.url).host;
    expect(await verify({ ...dav.credentials, base_url: closed.url })).toEqual({
      ok: false,
      error: `Could not reach the WebDAV server at ${host} (ECONNREFUSED)`,
    });
  });

  it("answers ok false naming base_url when it is not an http URL", async () => {
    expect(await verify({ ...dav.credentials, base_url: "ftp://files.example" })).toEqual({
      ok: false,
      error: "credentials.base_url: expected an http or https URL, got ftp:",
    });
  });
});

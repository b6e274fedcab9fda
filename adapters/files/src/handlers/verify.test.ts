import { type CapturedLogs, captureLogs, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesAdapter, type filesManifest } from "../index.ts";
import { type FilesStandIn, startFilesStandIn } from "../stand-in.ts";

let adapter: StartedAdapter<typeof filesManifest>;
let dav: FilesStandIn;
let logs: CapturedLogs;
beforeAll(async () => {
  logs = captureLogs();
  adapter = await startAdapter(filesAdapter, { logger: logs.logger, allowedHosts: ["127.0.0.1"] });
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

  it("answers a base URL that names no folder (404) as unreachable, without repeating it", async () => {
    expect(await verify({ ...dav.credentials, base_url: `${dav.url}nowhere/?token=abc123secret` })).toEqual({
      ok: false,
      error: "could not reach the configured server",
    });
  });

  it.each([
    ["a user name and password", (url: string) => url.replace("http://", "http://bob:Sup3rSecret@")],
    ["a password only", (url: string) => url.replace("http://", "http://:Sup3rSecret@")],
  ])("answers ok false naming base_url when it carries %s, and never repeats them", async (_, withUserinfo) => {
    const start = logs.lines.length;
    const answer = await verify({ ...dav.credentials, base_url: withUserinfo(dav.url) });
    expect(answer).toEqual({
      ok: false,
      error:
        "credentials.base_url: expected a URL without a user name or password in it; put them in username and password",
    });
    expect(JSON.stringify(logs.lines.slice(start))).not.toContain("Sup3rSecret");
  });

  it("does not repeat a base_url that is not a URL, which may hold a password", async () => {
    const answer = await verify({ ...dav.credentials, base_url: "http://bob:Sup3rSecret@bad host/" });
    expect(answer).toMatchObject({ ok: false, error: expect.stringContaining("credentials.base_url") });
    expect(JSON.stringify(answer)).not.toContain("Sup3rSecret");
  });

  it("answers ok false when the base URL names a file", async () => {
    expect(await verify({ ...dav.credentials, base_url: `${dav.url}outside.txt` })).toMatchObject({
      ok: false,
      error: "base_url names a file; it must be a WebDAV folder",
    });
  });

  it("answers ok false in the same words when nothing listens there", async () => {
    const closed = await startFilesStandIn();
    await closed.close();
    expect(await verify({ ...dav.credentials, base_url: closed.url })).toEqual({
      ok: false,
      error: "could not reach the configured server",
    });
  });

  it("answers ok false naming base_url when it is not an http URL", async () => {
    expect(await verify({ ...dav.credentials, base_url: "ftp://files.example" })).toEqual({
      ok: false,
      error: "credentials.base_url: expected an http or https URL, got ftp:",
    });
  });
});

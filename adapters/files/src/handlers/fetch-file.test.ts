import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesAdapter, type filesManifest } from "../index.ts";
import { DEMO_FILES, type FilesStandIn, startFilesStandIn } from "../stand-in.ts";

// A 1×1 PNG plus every byte value, so nothing in between may treat the bytes as text.
const PNG = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
  Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
]);

let adapter: StartedAdapter<typeof filesManifest>;
let dav: FilesStandIn;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter, { allowedHosts: ["127.0.0.1"] });
  dav = await startFilesStandIn({
    files: { ...DEMO_FILES, media: { "logo.png": PNG, "Ünïcode name #1.txt": "unicode" } },
  });
});
afterAll(async () => {
  await adapter.close();
  await dav.close();
});

function fetchFile(filePath: string, resourcePath = "/docs", credentials = dav.credentials) {
  return adapter.client.fetchFile({ credentials, resource_path: resourcePath, file_path: filePath });
}

describe("POST /files/sources/fetch-file", () => {
  it("answers the file's bytes with the server's Content-Type", async () => {
    const { status, headers, body } = await fetchFile("/docs/welcome.md");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(Buffer.from((body as { bytes: Uint8Array }).bytes).toString("utf8")).toBe(
      (DEMO_FILES.docs as Record<string, string>)["welcome.md"],
    );
  });

  it("answers binary files byte for byte", async () => {
    const { status, headers, body } = await fetchFile("/media/logo.png", "/media");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("image/png");
    expect(Buffer.from((body as { bytes: Uint8Array }).bytes).equals(PNG)).toBe(true);
  });

  it("fetches names with non-ASCII characters and #", async () => {
    const { status, body } = await fetchFile("/media/Ünïcode name #1.txt", "/media");
    expect(status).toBe(200);
    expect(Buffer.from((body as { bytes: Uint8Array }).bytes).toString("utf8")).toBe("unicode");
  });

  it("answers 400 naming file_path when it lies outside resource_path", async () => {
    const { status, body } = await fetchFile("/outside.txt");
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      error: "file_path /outside.txt is outside resource_path /docs",
      issues: [{ path: "/file_path" }],
    });
  });

  it("answers 400 naming file_path when it climbs out with ..", async () => {
    const { status, body } = await fetchFile("/docs/../outside.txt");
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [{ path: "/file_path" }] });
  });

  it.each([
    ["/docs/..\\outside.txt", "/docs"],
    ["/docs/guides/..\\..\\outside.txt", "/docs/guides"],
    ["/docs/x\\..\\..\\outside.txt", "/docs"],
    ["/docs/%2e%2e/outside.txt", "/docs"],
    ["/docs/guides/..%5cnotes.txt", "/docs/guides"],
    ["/docs/notes\u0000.txt", "/docs"],
  ])("answers 400 naming file_path for %j, which could climb out of %s", async (filePath, resourcePath) => {
    const { status, body } = await fetchFile(filePath, resourcePath);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/file_path" }] });
  });

  it("answers 404 for a file that does not exist", async () => {
    const { status, body } = await fetchFile("/docs/missing.md");
    expect(status).toBe(404);
    expect(body).toMatchObject({
      code: "not_found",
      error: "Nothing exists at /docs/missing.md on the WebDAV server (404)",
    });
  });

  it("answers 400 for a folder", async () => {
    const { status, body } = await fetchFile("/docs/guides");
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "/docs/guides is a folder, not a file" });
  });

  it("answers 502 when the server refuses the credentials", async () => {
    const { status, body } = await fetchFile("/docs/welcome.md", "/docs", { ...dav.credentials, password: "wrong" });
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: "platform_error", error: "WebDAV server refused the credentials (401)" });
  });
});

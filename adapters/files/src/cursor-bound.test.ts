import { createHash } from "node:crypto";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesAdapter, type filesManifest } from "./index.ts";
import { FILES_CURSOR_MAX_BYTES } from "./listing-cursor.ts";
import { type DemoTree, type FilesStandIn, startFilesStandIn } from "./stand-in.ts";

/** A folder of `count` files whose names are `length` hex digits: text that deflate cannot shrink. */
function manyFiles(count: number, length: number): DemoTree {
  const folder: DemoTree = {};
  for (let index = 0; index < count; index += 1) {
    const hex = createHash("sha512").update(String(index)).digest("hex");
    folder[`${(hex + createHash("sha512").update(hex).digest("hex")).slice(0, length)}.txt`] = "x";
  }
  return { big: folder, small: { "a.txt": "a" } };
}

let adapter: StartedAdapter<typeof filesManifest>;
let dav: FilesStandIn;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter, { allowedHosts: ["127.0.0.1"] });
  dav = await startFilesStandIn({ files: manyFiles(2_400, 200) });
});
afterAll(async () => {
  await adapter.close();
  await dav.close();
});

describe("files cursor bound", () => {
  it("answers 400 naming resource_path and the file count when the listing exceeds the cursor bound", async () => {
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: "/big",
      cursor: null,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      error: expect.stringContaining(`The tree under /big is too large for a stateless cursor: it has 2400 files`),
      issues: [{ path: "/resource_path" }],
    });
    expect((body as { error: string }).error).toContain(`${FILES_CURSOR_MAX_BYTES}-byte`);
  });

  it("lists a smaller folder of the same server", async () => {
    const { status, body } = await adapter.client.listChanges({
      credentials: dav.credentials,
      resource_path: "/small",
      cursor: null,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ changes: [{ path: "/small/a.txt", status: "added" }] });
  });

  it("keeps a cursor for 2,400 files with 64-character names within the bound", async () => {
    const thousand = await startFilesStandIn({ files: manyFiles(2_400, 64) });
    try {
      const { status, body } = await adapter.client.listChanges({
        credentials: thousand.credentials,
        resource_path: "/big",
        cursor: null,
      });
      expect(status).toBe(200);
      expect((body as { cursor: string }).cursor.length).toBeLessThanOrEqual(FILES_CURSOR_MAX_BYTES);
    } finally {
      await thousand.close();
    }
  });
});

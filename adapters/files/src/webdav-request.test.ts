import { describe, expect, it } from "vitest";
import { startFakeDav } from "../test/fake-dav.ts";
import { webdavRequest } from "./webdav-request.ts";
import { readWebdavSettings } from "./webdav-settings.ts";

// Nothing listens on port 1: a request that were sent would fail as unreachable (502), not as refused (400).
const settings = readWebdavSettings({ base_url: "http://127.0.0.1:1/dav/docs/", username: "u", password: "p" });

describe("webdavRequest", () => {
  it.each([
    "/../outside.txt",
    "/a/../../outside.txt",
    "/..",
  ])("refuses %j, which would resolve outside base_url, without sending it", async (path) => {
    await expect(webdavRequest(settings, { method: "GET", path })).rejects.toMatchObject({
      code: "invalid_request",
      message: `${path} resolves outside base_url; it is not requested`,
    });
  });

  it("sends a path below base_url", async () => {
    await expect(webdavRequest(settings, { method: "GET", path: "/a/b.md" })).rejects.toMatchObject({
      code: "platform_error",
    });
  });

  it("answers 504 platform_timeout naming the server when it does not answer in time", async () => {
    const silent = await startFakeDav(() => {});
    try {
      const slow = readWebdavSettings(silent.credentials);
      await expect(webdavRequest(slow, { method: "PROPFIND", path: "/docs", timeoutMs: 50 })).rejects.toMatchObject({
        code: "platform_timeout",
        status: 504,
        message: `The WebDAV server at ${slow.baseUrl.host} did not answer within 0.05 s`,
      });
    } finally {
      await silent.close();
    }
  });
});

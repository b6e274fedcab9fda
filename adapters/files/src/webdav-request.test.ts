import { describe, expect, it } from "vitest";
import { startFakeDav } from "../test/fake-dav.ts";
import { webdavGet, webdavRequest } from "./webdav-request.ts";
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

describe("webdavGet", () => {
  it("answers 504 platform_timeout naming the server when it does not answer in time", async () => {
    const silent = await startFakeDav(() => {});
    try {
      const slow = readWebdavSettings(silent.credentials);
      await expect(webdavGet(slow, { path: "/docs/a.md", timeoutMs: 50 })).rejects.toMatchObject({
        code: "platform_timeout",
        message: `The WebDAV server at ${slow.baseUrl.host} did not answer within 0.05 s`,
      });
    } finally {
      await silent.close();
    }
  });

  it("cuts off a body that stalls past the time-out, which bounds the whole download", async () => {
    const stalling = await startFakeDav((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": "10" });
      res.write("half ");
    });
    try {
      const download = await webdavGet(readWebdavSettings(stalling.credentials), {
        path: "/docs/a.md",
        timeoutMs: 200,
      });
      expect(download.status).toBe(200);
      const read = async () => {
        for await (const _chunk of download.body) {
          // read to the end
        }
      };
      await expect(read()).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      await stalling.close();
    }
  });

  it("stops a download when the caller's signal aborts, and lets a finished one go", async () => {
    const stalling = await startFakeDav((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": "10" });
      res.write("half ");
    });
    try {
      const caller = new AbortController();
      const download = await webdavGet(readWebdavSettings(stalling.credentials), {
        path: "/docs/a.md",
        signal: caller.signal,
        timeoutMs: 60_000,
      });
      const read = async () => {
        for await (const _chunk of download.body) {
          // read to the end
        }
      };
      const reading = read();
      caller.abort(new Error("the caller went away"));
      await expect(reading).rejects.toThrow("the caller went away");
    } finally {
      await stalling.close();
    }
  });
});

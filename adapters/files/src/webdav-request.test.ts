import { createOutbound, OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeDav } from "../test/fake-dav.ts";
import { webdavGet } from "./webdav-get.ts";
import { urlOf, webdavRequest } from "./webdav-request.ts";
import { readWebdavSettings as readSettings } from "./webdav-settings.ts";

// The fake servers are on loopback, which the outbound guard lets through only when allowed.
const outbound = createOutbound({ allowedHosts: ["127.0.0.1"] });
const context = { outbound: outbound.forRequest({ warn: () => {} } as never), log: { warn: () => {} } };
const readWebdavSettings = (credentials: Parameters<typeof readSettings>[0]) => readSettings(credentials, context);
afterAll(() => outbound.close());

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

  it("answers a server that does not answer in time as unreachable, as if nothing listened", async () => {
    const silent = await startFakeDav(() => {});
    try {
      const slow = readWebdavSettings(silent.credentials);
      await expect(webdavRequest(slow, { method: "PROPFIND", path: "/docs", timeoutMs: 50 })).rejects.toMatchObject({
        code: "platform_error",
        status: 502,
        message: OUTBOUND_UNREACHABLE,
      });
    } finally {
      await silent.close();
    }
  });
});

describe("webdavGet", () => {
  it("answers a server that does not answer in time as unreachable, as if nothing listened", async () => {
    const silent = await startFakeDav(() => {});
    try {
      const slow = readWebdavSettings(silent.credentials);
      await expect(
        webdavGet(slow, { path: "/docs/a.md", url: urlOf(slow, "/docs/a.md"), timeoutMs: 50 }),
      ).rejects.toMatchObject({
        code: "platform_error",
        message: OUTBOUND_UNREACHABLE,
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
      const slow = readWebdavSettings(stalling.credentials);
      const download = await webdavGet(slow, { path: "/docs/a.md", url: urlOf(slow, "/docs/a.md"), timeoutMs: 200 });
      expect(download.status).toBe(200);
      const read = async () => {
        for await (const _chunk of download.body ?? []) {
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
      const slow = readWebdavSettings(stalling.credentials);
      const download = await webdavGet(slow, {
        path: "/docs/a.md",
        url: urlOf(slow, "/docs/a.md"),
        signal: caller.signal,
        timeoutMs: 60_000,
      });
      const read = async () => {
        for await (const _chunk of download.body ?? []) {
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

  it("reads a small file whole, and streams one over the limit or of unknown length", async () => {
    const bytes = Buffer.from("0123456789".repeat(10));
    const server = await startFakeDav((req, res) => {
      if (req.url?.endsWith("/unknown.txt")) {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(bytes);
        return;
      }
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(bytes.length) });
      res.end(bytes);
    });
    try {
      const dav = readWebdavSettings(server.credentials);
      const get = (path: string, wholeUpTo: number) =>
        webdavGet(dav, { path, url: urlOf(dav, path), timeoutMs: 5_000, wholeUpTo });
      const small = await get("/docs/a.txt", 100);
      expect(small.body).toBeUndefined();
      expect(small.bytes).toEqual(bytes);
      for (const large of [await get("/docs/a.txt", 99), await get("/docs/unknown.txt", 1_000)]) {
        expect(large.bytes).toBeUndefined();
        const chunks: Buffer[] = [];
        for await (const chunk of large.body ?? []) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks)).toEqual(bytes);
      }
    } finally {
      await server.close();
    }
  });

  it("answers 502 platform_error in the one unreachable sentence when nothing listens", async () => {
    await expect(
      webdavGet(settings, { path: "/a/b.md", url: urlOf(settings, "/a/b.md"), timeoutMs: 5_000 }),
    ).rejects.toMatchObject({
      code: "platform_error",
      message: OUTBOUND_UNREACHABLE,
    });
  });

  it("refuses a URL outside base_url without sending it", async () => {
    const outside = new URL("http://127.0.0.1:1/dav/other/a.md");
    await expect(webdavGet(settings, { path: "/../other/a.md", url: outside, timeoutMs: 5_000 })).rejects.toMatchObject(
      {
        code: "invalid_request",
      },
    );
  });

  it("asks for a caller's signal given as a function only once the download runs long, and stops with it", async () => {
    const silent = await startFakeDav(() => {});
    try {
      const slow = readWebdavSettings(silent.credentials);
      const caller = new AbortController();
      let asked = 0;
      const download = webdavGet(slow, {
        path: "/docs/a.md",
        url: urlOf(slow, "/docs/a.md"),
        timeoutMs: 60_000,
        signal: () => {
          asked += 1;
          return caller.signal;
        },
      });
      caller.abort(new Error("the caller went away"));
      expect(asked).toBe(0);
      await expect(download).rejects.toMatchObject({ code: "platform_error" });
      expect(asked).toBe(1);
    } finally {
      await silent.close();
    }
  });
});

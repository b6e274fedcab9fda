import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeDav, startFakeDav } from "../../test/fake-dav.ts";
import { filesAdapter, type filesManifest, MAX_FILE_BYTES } from "../index.ts";

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

const body = (filePath = "/docs/big.bin") =>
  JSON.stringify({ credentials: dav?.credentials, resource_path: "/docs", file_path: filePath });

function fetchFile(): Promise<Response> {
  return fetch(`${adapter.url}/sources/fetch-file`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body(),
  });
}

/** A promise and the function that settles it. */
function signal<T = void>(): { promise: Promise<T>; fire: (value: T) => void } {
  let fire = (_value: T) => {};
  const promise = new Promise<T>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

describe("POST /files/sources/fetch-file streaming", () => {
  it("passes the first bytes on while the server still holds the rest", async () => {
    const release = signal();
    dav = await startFakeDav(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.write("first part, ");
      await release.promise;
      res.end("then the rest");
    });
    const response = await fetchFile();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The server sends the rest only once the first part has come all the way through the adapter.
    let text = decoder.decode((await reader.read()).value, { stream: true });
    release.fire();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toBe("first part, then the rest");
  });

  it("stops the download when the caller goes away", async () => {
    const serverClosed = signal();
    dav = await startFakeDav((_req, res) => {
      res.on("close", () => serverClosed.fire());
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.write("a first chunk of a file that never ends");
    });
    const req = request(`${adapter.url}/sources/fetch-file`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    req.on("error", () => undefined);
    req.on("response", (response) => response.once("data", () => req.destroy()));
    req.end(body());
    await serverClosed.promise;
  });

  it("answers 413 when the server's Content-Length is over 50 MiB, without downloading it", async () => {
    const serverClosed = signal();
    dav = await startFakeDav((_req, res) => {
      res.on("close", () => serverClosed.fire());
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(MAX_FILE_BYTES + 1) });
      res.write("the first bytes of a very large file");
    });
    const response = await fetchFile();
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      code: "payload_too_large",
      error: "/docs/big.bin is larger than the 50 MiB this adapter returns",
    });
    await serverClosed.promise;
  });

  it("asks for the stored bytes, and answers 502 naming the encoding when the server compresses anyway", async () => {
    let asked: string | undefined;
    dav = await startFakeDav((req, res) => {
      asked = req.headers["accept-encoding"];
      res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      res.end(gzipSync("compressed text"));
    });
    const response = await fetchFile();
    expect(asked).toBe("identity");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      ok: false,
      code: "platform_error",
      error: "The WebDAV server sent /docs/big.bin with Content-Encoding gzip",
    });
  });

  it("cuts the answer off, never a short 200, when a file without Content-Length grows past 50 MiB", async () => {
    const mebibyte = Buffer.alloc(1024 * 1024, 0x61);
    dav = await startFakeDav(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      for (let sent = 0; sent <= MAX_FILE_BYTES && !res.destroyed; sent += mebibyte.length) {
        if (res.write(mebibyte)) continue;
        // Waits for drain or close and leaves neither listener behind (one per wait piled up on the answer).
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off("drain", done).off("close", done);
            resolve();
          };
          res.once("drain", done).once("close", done);
        });
      }
      res.end();
    });
    const outcome = await fetchFile()
      .then((response) => response.arrayBuffer())
      .then(
        () => "complete",
        () => "cut",
      );
    expect(outcome).toBe("cut");
  });
});

import { request } from "node:http";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { FileStream } from "../define/handler-types.ts";
import { captureLogs } from "../testing/capture-logs.ts";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { FIXTURE_HANDLERS, type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";
import { DEFAULT_FILE_LIMIT } from "./send-stream.ts";

const REQUEST = JSON.stringify({ credentials: GOOD_CREDENTIALS, resource_path: "/", file_path: "/a.bin" });
const bytes = (text: string) => new TextEncoder().encode(text);

let started: StartedAdapter<typeof FIXTURE_MANIFEST> | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

/** Serves the fixture adapter whose fetch-file answers `answer()` (made per request), logging into `logs`. */
async function serveFile(answer: (signal: AbortSignal) => FileStream, logs = captureLogs()) {
  started = await startAdapter(
    fixtureAdapter({
      sources: { ...FIXTURE_HANDLERS.sources, fetchFile: (_input, context) => answer(context.signal) },
    }),
    { logger: logs.logger },
  );
  const fetchFile = () =>
    fetch(`${started?.url}/sources/fetch-file`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: REQUEST,
    });
  /** Whether the whole answer arrived, or the connection was cut before or during the body. */
  const outcome = () =>
    fetchFile()
      .then((response) => response.arrayBuffer())
      .then(
        () => "complete",
        () => "cut",
      );
  return { logs, fetchFile, outcome };
}

/** A web stream that hands out `chunks`, then waits forever (or ends, with `end`), and tells when it is cancelled. */
function webStream(chunks: string[], options: { end?: boolean; fail?: Error } = {}) {
  let cancelled = (_reason: unknown) => {};
  const cancel = new Promise<unknown>((resolve) => {
    cancelled = resolve;
  });
  const queue = [...chunks];
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(bytes(next));
      else if (options.fail) controller.error(options.fail);
      else if (options.end) controller.close();
      else return new Promise<void>(() => {});
    },
    cancel: (reason) => cancelled(reason),
  });
  return { stream, cancel };
}

describe("streaming a fetched file", () => {
  it.each([
    ["a web ReadableStream", () => webStream(["hello ", "streamed ", "world"], { end: true }).stream],
    ["a Node Readable", () => Readable.from([bytes("hello "), bytes("streamed "), bytes("world")])],
    [
      "an async generator",
      () =>
        (async function* () {
          yield bytes("hello ");
          yield bytes("streamed ");
          yield bytes("world");
        })(),
    ],
  ])("sends %s chunk by chunk with its Content-Type and Content-Length", async (_, stream) => {
    const { fetchFile } = await serveFile(() => ({ stream: stream(), contentType: "text/plain", contentLength: 20 }));
    const response = await fetchFile();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(response.headers.get("content-length")).toBe("20");
    expect(await response.text()).toBe("hello streamed world");
  });

  it("sends a stream of unknown length chunked", async () => {
    const { fetchFile } = await serveFile(() => ({
      stream: webStream(["a", "b"], { end: true }).stream,
      contentType: "",
    }));
    const response = await fetchFile();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(await response.text()).toBe("ab");
  });

  it("answers 413 before sending anything when Content-Length is over the limit, and cancels the source", async () => {
    const source = webStream(["never sent"]);
    const { fetchFile } = await serveFile(() => ({
      stream: source.stream,
      contentType: "application/pdf",
      contentLength: DEFAULT_FILE_LIMIT + 1,
    }));
    const response = await fetchFile();
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      code: "payload_too_large",
      error: `The file is ${DEFAULT_FILE_LIMIT + 1} bytes, over the ${DEFAULT_FILE_LIMIT}-byte limit of a fetch-file answer.`,
    });
    await source.cancel;
  });

  it("answers 413 when the first chunk is already over maxBytes", async () => {
    const { fetchFile } = await serveFile(() => ({
      stream: webStream(["0123456789"]).stream,
      contentType: "x/y",
      maxBytes: 4,
    }));
    const response = await fetchFile();
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("cuts the connection, never a short 200 body, when the stream grows past maxBytes midway", async () => {
    const source = webStream(["1234", "5678", "9"]);
    const { outcome, logs } = await serveFile(() => ({ stream: source.stream, contentType: "x/y", maxBytes: 8 }));
    expect(await outcome()).toBe("cut");
    await source.cancel;
    expect(logs.lines.find((line) => line.level === 40)).toMatchObject({
      msg: "a file stream failed after its answer began; the connection was cut",
      err: { message: "The file grew past the limit while streaming, over the 8-byte limit of a fetch-file answer." },
    });
  });

  it.each([
    ["ends short of its Content-Length", { chunks: ["abc"], end: true }, 10],
    ["runs past its Content-Length", { chunks: ["abc", "def"], end: true }, 4],
    ["fails midway", { chunks: ["abc"], fail: new Error("platform hung up") }, undefined],
  ])("cuts the connection when the stream %s", async (_, source, contentLength) => {
    const { outcome } = await serveFile(() => ({
      stream: webStream(source.chunks, source).stream,
      contentType: "x/y",
      contentLength,
    }));
    expect(await outcome()).toBe("cut");
  });

  it("stops reading the source and aborts the handler's signal when the caller goes away", async () => {
    const source = webStream(["first chunk"]);
    let handlerSignal: AbortSignal | undefined;
    await serveFile((signal) => {
      handlerSignal = signal;
      return { stream: source.stream, contentType: "x/y" };
    });
    const req = request(`${started?.url}/sources/fetch-file`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    req.on("error", () => undefined);
    req.on("response", (response) => response.once("data", () => req.destroy()));
    req.end(REQUEST);
    await source.cancel;
    expect(handlerSignal?.aborted).toBe(true);
  });
});

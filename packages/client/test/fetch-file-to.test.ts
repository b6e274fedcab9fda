import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdapterClient, createAdapterClient } from "../src/index.ts";
import { type Reply, startTestAdapter, type TestAdapter } from "./start-test-adapter.ts";

const REQUEST = { credentials: {}, resource_path: "/docs", file_path: "/docs/a.bin" };
const FILE = randomBytes(300_000);

let nextReply: Reply = { json: {} };

/** A sink that keeps what it is given, and how many pieces it came in. */
function collect(): { sink: (chunk: Uint8Array) => void; bytes: () => Buffer; pieces: () => number } {
  const chunks: Buffer[] = [];
  return {
    sink: (chunk) => {
      chunks.push(Buffer.from(chunk));
    },
    bytes: () => Buffer.concat(chunks),
    pieces: () => chunks.length,
  };
}

describe("fetchFileTo", () => {
  let adapter: TestAdapter;
  let client: AdapterClient;

  beforeAll(async () => {
    adapter = await startTestAdapter({ "/sources/fetch-file": () => nextReply });
    client = createAdapterClient({ baseUrl: adapter.baseUrl });
  });
  afterAll(async () => {
    await client.close();
    await adapter.close();
  });

  it("hands the binary form to the sink as it arrives, and answers its type and size", async () => {
    nextReply = { raw: FILE, headers: { "content-type": "application/pdf" } };
    const kept = collect();
    const result = await client.fetchFileTo(REQUEST, kept.sink);

    expect(result).toMatchObject({ ok: true, value: { form: "bytes", contentType: "application/pdf", size: 300_000 } });
    expect(kept.bytes().equals(FILE)).toBe(true);
    expect(kept.pieces()).toBeGreaterThan(1);
  });

  it("decodes the JSON form and hands its bytes to the sink", async () => {
    nextReply = { json: { content_base64: FILE.toString("base64"), content_type: "image/png" } };
    const kept = collect();
    const result = await client.fetchFileTo(REQUEST, kept.sink);

    expect(result).toMatchObject({ ok: true, value: { form: "json", contentType: "image/png", size: 300_000 } });
    expect(kept.bytes().equals(FILE)).toBe(true);
  });

  it("stops at the size limit with response_too_large, the sink having seen no more than the limit", async () => {
    nextReply = { raw: FILE, headers: { "content-type": "application/octet-stream" } };
    const kept = collect();
    const result = await client.fetchFileTo(REQUEST, kept.sink, { maxResponseBytes: 100_000 });

    expect(result).toMatchObject({ ok: false, error: { kind: "response_too_large", limitBytes: 100_000 } });
    expect(kept.bytes().length).toBeLessThanOrEqual(100_000);
  });

  it("gives the sink nothing of an adapter error, and reports it as http_status", async () => {
    nextReply = { status: 404, json: { ok: false, error: "no such file", code: "not_found" } };
    const kept = collect();
    const result = await client.fetchFileTo(REQUEST, kept.sink);

    expect(result).toMatchObject({ ok: false, error: { kind: "http_status", status: 404 } });
    expect(kept.pieces()).toBe(0);
  });

  it("rejects with the sink's own failure rather than blaming the adapter", async () => {
    nextReply = { raw: FILE, headers: { "content-type": "application/octet-stream" } };
    const full = new Error("the disk is full");
    await expect(
      client.fetchFileTo(REQUEST, () => {
        throw full;
      }),
    ).rejects.toBe(full);
  });
});

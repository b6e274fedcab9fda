import { ADAPTER_ENDPOINTS } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdapterClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  describeFailure,
  FETCH_FILE_MAX_RESPONSE_BYTES,
} from "../src/index.ts";
import { type Reply, startTestAdapter, type TestAdapter } from "./start-test-adapter.ts";

const LIMIT = 1024;
// A health answer whose JSON is exactly `size` bytes.
const healthOf = (size: number) => {
  const empty = JSON.stringify({ status: "ready", version: "", adapter: "chat" });
  return JSON.stringify({ status: "ready", version: "v".repeat(size - empty.length), adapter: "chat" });
};

describe("response size limits", () => {
  let adapter: TestAdapter;
  let nextReply: Reply;

  beforeAll(async () => {
    adapter = await startTestAdapter({
      "/health": () => nextReply,
      "/verify": () => nextReply,
      "/sources/fetch-file": () => nextReply,
    });
  });
  afterAll(() => adapter.close());

  it("reads a body of exactly the limit", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, maxResponseBytes: { health: LIMIT } });
    nextReply = { raw: healthOf(LIMIT), headers: { "content-type": "application/json" } };
    const result = await client.health();
    await client.close();

    expect(result).toMatchObject({ ok: true, value: { status: "ready" } });
  });

  it.each([
    ["streamed without a Content-Length", {}],
    ["declared by its Content-Length", { "content-length": String(LIMIT + 1) }],
  ])("refuses a body one byte over the limit, %s", async (_how, headers) => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, maxResponseBytes: { health: LIMIT } });
    nextReply = { raw: healthOf(LIMIT + 1), headers: { "content-type": "application/json", ...headers } };
    const result = await client.health();
    await client.close();

    expect(result).toMatchObject({ ok: false, error: { kind: "response_too_large", status: 200, limitBytes: LIMIT } });
    if (!result.ok)
      expect(describeFailure(result.error)).toBe(`HTTP 200 body is larger than ${LIMIT} bytes; it was not read`);
  });

  it("refuses an error body over the limit too, and lets one call set its own limit", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl });
    nextReply = { status: 500, raw: "x".repeat(2 * LIMIT) };
    const result = await client.verify({ credentials: {} }, { maxResponseBytes: LIMIT });
    const again = await client.call("verify", { credentials: {} }, { maxResponseBytes: LIMIT });
    await client.close();

    expect(result).toMatchObject({ ok: false, error: { kind: "response_too_large", status: 500 } });
    expect(again).toMatchObject({ ok: false, error: { kind: "response_too_large" }, response: null });
  });

  it("reads 8 MiB by default and refuses a byte more", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl });
    nextReply = { raw: healthOf(DEFAULT_MAX_RESPONSE_BYTES), headers: { "content-type": "application/json" } };
    const within = await client.health();
    nextReply = { raw: healthOf(DEFAULT_MAX_RESPONSE_BYTES + 1), headers: { "content-type": "application/json" } };
    const over = await client.health();
    await client.close();

    expect(within.ok).toBe(true);
    expect(over).toMatchObject({ ok: false, error: { kind: "response_too_large", limitBytes: 8 * 1024 * 1024 } });
  });

  it("lets fetch-file return more than 8 MiB: its default is 64 MiB", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl });
    const file = Buffer.alloc(DEFAULT_MAX_RESPONSE_BYTES + 1, 0x61);
    nextReply = { raw: file, headers: { "content-type": "application/octet-stream" } };
    const result = await client.fetchFile({ credentials: {}, resource_path: "/", file_path: "/big.bin" });
    await client.close();

    if (!result.ok) throw new Error(describeFailure(result.error));
    expect(result.value.bytes.length).toBe(file.length);
  });

  it("takes the defaults per endpoint unless overridden, and refuses a limit that is not a whole number", () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, maxResponseBytes: { format: 10 } });
    for (const { id } of ADAPTER_ENDPOINTS) {
      const expected =
        id === "format" ? 10 : id === "fetch-file" ? FETCH_FILE_MAX_RESPONSE_BYTES : DEFAULT_MAX_RESPONSE_BYTES;
      expect(client.maxResponseBytes[id]).toBe(expected);
    }
    expect(FETCH_FILE_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
    expect(() => createAdapterClient({ baseUrl: adapter.baseUrl, maxResponseBytes: { verify: -1 } })).toThrow(
      RangeError,
    );
    expect(() => createAdapterClient({ baseUrl: adapter.baseUrl, maxResponseBytes: { verify: 1.5 } })).toThrow(
      RangeError,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdapterClient, createAdapterClient } from "../src/index.ts";
import { type Reply, startTestAdapter, type TestAdapter } from "./start-test-adapter.ts";

const REQUEST = { credentials: {}, resource_path: "/docs", file_path: "/docs/a.pdf" };
const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]);

let nextReply: Reply = { json: {} };

describe("fetchFile", () => {
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

  it("returns raw bytes with their own Content-Type", async () => {
    nextReply = { raw: PDF, headers: { "content-type": "application/pdf" } };
    const result = await client.fetchFile(REQUEST);

    if (!result.ok) throw new Error(result.error.kind);
    expect(result.value.form).toBe("bytes");
    expect(result.value.contentType).toBe("application/pdf");
    expect(Buffer.from(result.value.bytes).equals(PDF)).toBe(true);
  });

  it("decodes the JSON form with content_base64 and content_type", async () => {
    nextReply = { json: { content_base64: PDF.toString("base64"), content_type: "application/pdf" } };
    const result = await client.fetchFile(REQUEST);

    if (!result.ok) throw new Error(result.error.kind);
    expect(result.value.form).toBe("json");
    expect(result.value.contentType).toBe("application/pdf");
    expect(Buffer.from(result.value.bytes).equals(PDF)).toBe(true);
  });

  it("defaults the JSON form's content type to application/octet-stream", async () => {
    nextReply = { json: { content_base64: "aGVsbG8=" } };
    const result = await client.fetchFile(REQUEST);

    expect(result).toMatchObject({ ok: true, value: { form: "json", contentType: "application/octet-stream" } });
    if (result.ok) expect(Buffer.from(result.value.bytes).toString()).toBe("hello");
  });

  it("returns a JSON file without content_base64 as the file's own bytes", async () => {
    nextReply = { json: { title: "a JSON document" } };
    const result = await client.fetchFile(REQUEST);

    if (!result.ok) throw new Error(result.error.kind);
    expect(result.value).toMatchObject({ form: "bytes", contentType: "application/json" });
    expect(Buffer.from(result.value.bytes).toString()).toBe('{"title":"a JSON document"}');
  });

  it("reports content_base64 that is not base64 as a schema violation", async () => {
    nextReply = { json: { content_base64: "not base64!" } };
    const result = await client.fetchFile(REQUEST);

    if (result.ok || result.error.kind !== "schema_violation") throw new Error("expected a schema violation");
    expect(result.error.issues.map((issue) => issue.pointer)).toContain("/content_base64");
  });

  it("returns a D8 404 as http_status", async () => {
    nextReply = { status: 404, json: { ok: false, error: "no such file", code: "not_found" } };
    const result = await client.fetchFile(REQUEST);

    expect(result).toMatchObject({
      ok: false,
      error: { kind: "http_status", status: 404, body: { code: "not_found" } },
    });
  });
});

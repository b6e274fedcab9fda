import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdapterClient, createAdapterClient, describeFailure } from "../src/index.ts";
import { type Reply, startTestAdapter, type TestAdapter } from "./start-test-adapter.ts";

const ENVELOPE = { credentials: {}, method: "POST", path: "/", query: {}, headers: {}, body: "{}" };
const MESSAGE = { sender: "U1", message: "hi", is_bot: false };

// The test chooses the next reply of the one programmable route; each test sets it before calling.
let nextReply: Reply = { json: {} };

describe("response judging", () => {
  let adapter: TestAdapter;
  let client: AdapterClient;

  beforeAll(async () => {
    const programmable = () => nextReply;
    adapter = await startTestAdapter({
      "/parse-inbound": programmable,
      "/deliver": programmable,
      "/verify": programmable,
      "/sources/list-changes": programmable,
      "/health": programmable,
    });
    client = createAdapterClient({ baseUrl: adapter.baseUrl });
  });
  afterAll(async () => {
    await client.close();
    await adapter.close();
  });

  it("reports a string is_bot as a schema violation at /is_bot, expected boolean, got string", async () => {
    nextReply = { json: { ...MESSAGE, is_bot: "false" } };
    const result = await client.parseInbound({ ...ENVELOPE, mode: "front_desk" });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: "schema_violation", status: 200, body: { is_bot: "false" } });
    if (result.error.kind !== "schema_violation") return;
    expect(result.error.issues).toEqual([
      { pointer: "/is_bot", expected: "boolean", actual: "string", message: "/is_bot: expected boolean, got string" },
    ]);
    expect(describeFailure(result.error)).toContain("/is_bot: expected boolean, got string");
  });

  it("accepts a normalized message with a boolean is_bot", async () => {
    nextReply = { json: MESSAGE };
    const result = await client.parseInbound({ ...ENVELOPE, mode: "front_desk" });

    expect(result).toMatchObject({ ok: true, status: 200, value: MESSAGE });
  });

  it("requires event_type of a message in trigger mode", async () => {
    nextReply = { json: MESSAGE };
    const result = await client.parseInbound({ ...ENVELOPE, mode: "trigger" });

    expect(result.ok).toBe(false);
    if (result.ok || result.error.kind !== "schema_violation") throw new Error("expected a schema violation");
    expect(result.error.issues.map((issue) => issue.pointer)).toEqual(["/event_type"]);
  });

  it("judges a parse-inbound call() in trigger mode by the trigger-mode shape", async () => {
    nextReply = { json: MESSAGE };
    const trigger = await client.call("parse-inbound", { ...ENVELOPE, mode: "trigger" });
    const frontDesk = await client.call("parse-inbound", { ...ENVELOPE, mode: "front_desk" });

    expect(trigger).toMatchObject({ ok: false, error: { kind: "schema_violation" } });
    expect(frontDesk.ok).toBe(true);
  });

  it("accepts a trigger-mode message with event_type, and an ignored event in trigger mode", async () => {
    nextReply = { json: { ...MESSAGE, event_type: "message.received" } };
    expect((await client.parseInbound({ ...ENVELOPE, mode: "trigger" })).ok).toBe(true);
    nextReply = { json: { ignored: true, reason: "edit" } };
    expect((await client.parseInbound({ ...ENVELOPE, mode: "trigger" })).ok).toBe(true);
  });

  it("returns a D5 platform refusal as a successful call whose value says so", async () => {
    nextReply = { json: { ok: false, error: "channel_not_found", retryable: false } };
    const result = await client.deliver({ credentials: {}, channel_address: "C1", message: { text: "hi" } });

    expect(result).toMatchObject({ ok: true, value: { ok: false, error: "channel_not_found", retryable: false } });
  });

  it("reports a refusal without retryable as a violation naming /retryable", async () => {
    nextReply = { json: { ok: false, error: "channel_not_found" } };
    const result = await client.deliver({ credentials: {}, channel_address: "C1", message: { text: "hi" } });

    if (result.ok || result.error.kind !== "schema_violation") throw new Error("expected a schema violation");
    expect(result.error.issues).toEqual([expect.objectContaining({ pointer: "/retryable", actual: "nothing" })]);
  });

  it("names the pointer inside an array of change entries", async () => {
    nextReply = { json: { changes: [{ path: "/a.md", fingerprint: null, status: "added" }], cursor: "c1" } };
    const result = await client.listChanges({ credentials: {}, resource_path: "/", cursor: null });

    if (result.ok || result.error.kind !== "schema_violation") throw new Error("expected a schema violation");
    expect(result.error.issues).toEqual([
      expect.objectContaining({ pointer: "/changes/0/fingerprint", expected: "string", actual: "null" }),
    ]);
  });

  it("returns a D8 400 as http_status with the parsed error", async () => {
    const error = {
      ok: false,
      error: "credentials.token is required",
      code: "invalid_request",
      issues: [{ path: "/credentials/token", message: "required" }],
    };
    nextReply = { status: 400, json: error };
    const result = await client.verify({ credentials: {} });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: "http_status", status: 400, body: error, issues: [] });
    expect(describeFailure(result.error)).toBe("HTTP 400 invalid_request: credentials.token is required");
  });

  it("returns an error status whose body is not a D8 error with a null body and the reasons", async () => {
    nextReply = { status: 500, json: { message: "boom" } };
    const result = await client.verify({ credentials: {} });

    if (result.ok || result.error.kind !== "http_status") throw new Error("expected http_status");
    expect(result.error.body).toBeNull();
    expect(result.error.text).toBe('{"message":"boom"}');
    expect(result.error.issues.map((issue) => issue.pointer)).toEqual(
      expect.arrayContaining(["/ok", "/error", "/code"]),
    );
  });

  it("returns an error status with a text body as http_status that says the body is not JSON", async () => {
    nextReply = { status: 502, raw: "Bad Gateway" };
    const result = await client.health();

    if (result.ok || result.error.kind !== "http_status") throw new Error("expected http_status");
    expect(result.error).toMatchObject({ status: 502, body: null, text: "Bad Gateway" });
    expect(result.error.issues).toHaveLength(1);
  });

  it("reports a 200 whose body is not JSON as invalid_json with the text", async () => {
    nextReply = { raw: "<html>ready</html>", headers: { "content-type": "text/html" } };
    const result = await client.health();

    expect(result).toMatchObject({
      ok: false,
      error: { kind: "invalid_json", status: 200, text: "<html>ready</html>" },
    });
  });

  it("reports an empty 200 body as invalid_json", async () => {
    nextReply = { raw: "" };
    const result = await client.health();

    expect(result).toMatchObject({ ok: false, error: { kind: "invalid_json", status: 200, text: "" } });
  });

  it("returns a valid health answer with its status and headers", async () => {
    nextReply = { json: { status: "ready", version: "abc", adapter: "chat" }, headers: { "x-served-by": "test" } };
    const result = await client.health();

    if (!result.ok) throw new Error(describeFailure(result.error));
    expect(result.value).toEqual({ status: "ready", version: "abc", adapter: "chat" });
    expect(result.headers["x-served-by"]).toBe("test");
  });
});

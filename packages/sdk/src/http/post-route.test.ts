import { request } from "node:http";
import {
  ADAPTER_ENDPOINTS,
  ADAPTER_ERROR_STATUS,
  type AdapterErrorCode,
  adapterErrorSchema,
} from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { SignatureError } from "../helpers/index.ts";
import { captureLogs } from "../testing/capture-logs.ts";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";

type Fixture = typeof FIXTURE_MANIFEST;
const POST_ROWS = ADAPTER_ENDPOINTS.filter((row) => row.method === "POST");
const exampleOf = (row: (typeof POST_ROWS)[number]) => structuredClone(row.request?.example) as Record<string, unknown>;
const ENVELOPE = { credentials: GOOD_CREDENTIALS, method: "POST", path: "/", query: {}, headers: {}, body: "hi" };

let started: StartedAdapter<Fixture> | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});
const start = async (...args: Parameters<typeof fixtureAdapter>) => {
  started = await startAdapter(fixtureAdapter(...args));
  return started;
};
const expectD8 = (result: { status: number; body: unknown }, code: AdapterErrorCode) => {
  expect(result.status).toBe(ADAPTER_ERROR_STATUS[code]);
  expect(adapterErrorSchema.parse(result.body).code).toBe(code);
};

/** Sends a body in chunks without Content-Length, as a streaming client would. */
function postChunked(url: string, chunks: number, chunkSize: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res
        .on("data", (chunk) => (text += chunk))
        .on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(chunkSize, 0x20);
    for (let i = 0; i < chunks; i += 1) req.write(chunk);
    req.end();
  });
}

describe("handler endpoints", () => {
  it.each(POST_ROWS.map((row) => [row.path, row] as const))("%s answers its contract example", async (_path, row) => {
    const { client } = await start();
    const result = await client.post(row.path, JSON.stringify(exampleOf(row)));
    expect(result.status).toBe(200);
  });

  it.each(POST_ROWS.map((row) => [row.path] as const))(
    "%s answers malformed JSON with 400 invalid_request",
    async (path) => {
      const { client } = await start();
      const result = await client.post(path, '{"credentials": {');
      expectD8(result, "invalid_request");
      expect(result.body).toMatchObject({ issues: [{ path: "", message: expect.stringContaining("not valid JSON") }] });
    },
  );

  it.each(POST_ROWS.filter((row) => row.id !== "format").map((row) => [row.path, row] as const))(
    "%s answers missing credentials with 400 naming /credentials",
    async (_path, row) => {
      const { client } = await start();
      const { credentials, ...rest } = exampleOf(row);
      const result = await client.post(row.path, JSON.stringify(rest));
      expectD8(result, "invalid_request");
      expect(result.body).toMatchObject({ issues: [{ path: "/credentials" }] });
    },
  );

  it("/format takes no credentials at all but checks them when given", async () => {
    const { client } = await start();
    expect((await client.format({ text: "hi" })).body).toEqual({ text: "HI" });
    const result = await client.post("/format", JSON.stringify({ text: "hi", credentials: { token: 7 } }));
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({ issues: [{ path: "/credentials/token" }] });
  });

  it.each(POST_ROWS.map((row) => [row.path, row] as const))(
    "%s answers a field of the wrong type with 400 naming it",
    async (_path, row) => {
      const { client } = await start();
      const example = exampleOf(row);
      const field = Object.keys(example).find((key) => key !== "credentials") ?? "credentials";
      const result = await client.post(row.path, JSON.stringify({ ...example, [field]: 42 }));
      expectD8(result, "invalid_request");
      expect(result.body).toMatchObject({
        issues: [{ path: `/${field}`, message: expect.stringContaining("expected") }],
      });
    },
  );

  it.each(POST_ROWS.map((row) => [row.path] as const))(
    "%s answers an over-size body with 413, declared or streamed",
    async (path) => {
      const { client, url } = await start();
      expectD8(await client.post(path, "x".repeat(1024 * 1024 + 1)), "payload_too_large");
      expectD8(await postChunked(`${url}${path}`, 40, 64 * 1024), "payload_too_large");
    },
  );

  it("honours a configured body limit", async () => {
    started = await startAdapter(fixtureAdapter(), { bodyLimit: 64 });
    const body = JSON.stringify({ credentials: GOOD_CREDENTIALS, text: "x".repeat(64) });
    expectD8(await started.client.post("/format", body), "payload_too_large");
    expect((await started.client.format({ text: "ok" })).status).toBe(200);
  });

  it("names the credential field the manifest declares when it is missing", async () => {
    const { client } = await start();
    const result = await client.post("/verify", JSON.stringify({ credentials: { tokn: "good" } }));
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({
      issues: [{ path: "/credentials/token", message: expect.stringContaining('"fixture"') }],
    });
  });

  it("refuses a body that is not UTF-8", async () => {
    const { client } = await start();
    expectD8(await client.post("/verify", new Uint8Array([0x7b, 0xff, 0x7d])), "invalid_request");
  });

  it("passes typed input and the context headers to the handler", async () => {
    let seen: unknown;
    const { client } = await start({
      verify: (input, context) => {
        seen = {
          input,
          organizationId: context.organizationId,
          projectId: context.projectId,
          requestId: context.requestId,
        };
        return { ok: true, user: "u" };
      },
    });
    const headers = { "x-organization-id": "org_1", "x-project-id": "prj_2", "x-request-id": "req_3" };
    await client.post("/verify", JSON.stringify({ credentials: GOOD_CREDENTIALS }), headers);
    expect(seen).toEqual({
      input: { credentials: GOOD_CREDENTIALS },
      organizationId: "org_1",
      projectId: "prj_2",
      requestId: "req_3",
    });
    await client.verify({ credentials: GOOD_CREDENTIALS });
    expect(seen).toMatchObject({
      organizationId: undefined,
      projectId: undefined,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it.each(Object.entries(ADAPTER_ERROR_STATUS))("renders a thrown %s with status %i", async (code, status) => {
    const { client } = await start({
      deliver: () => {
        throw new AdapterHttpError(code as AdapterErrorCode, `failed with ${code}`);
      },
    });
    const result = await client.deliver({
      credentials: GOOD_CREDENTIALS,
      channel_address: "C1",
      message: { text: "t" },
    });
    expect(result.status).toBe(status);
    expect(result.body).toEqual({ ok: false, code, error: `failed with ${code}` });
  });

  it("sends rate_limited with retry_after in whole seconds and a Retry-After header", async () => {
    const { client } = await start({
      deliver: () => {
        throw new AdapterHttpError("rate_limited", "slow down", { retryAfter: 2.5 });
      },
    });
    const result = await client.deliver({
      credentials: GOOD_CREDENTIALS,
      channel_address: "C1",
      message: { text: "t" },
    });
    expect(result.body).toEqual({ ok: false, code: "rate_limited", error: "slow down", retry_after: 3 });
    expect(result.headers.get("retry-after")).toBe("3");
  });

  it("hides an unexpected throw behind a generic 500 and logs it with context", async () => {
    const logs = captureLogs();
    started = await startAdapter(
      fixtureAdapter({
        deliver: () => {
          throw new Error("db password hunter2 leaked");
        },
      }),
      { logger: logs.logger },
    );
    const result = await started.client.post(
      "/deliver",
      JSON.stringify({ credentials: GOOD_CREDENTIALS, channel_address: "C1", message: { text: "t" } }),
      { "x-request-id": "req_9" },
    );
    expectD8(result, "internal_error");
    expect(JSON.stringify(result.body)).not.toMatch(/hunter2|at |Error/);
    const line = logs.lines.find((entry) => entry.msg === "handler failed");
    expect(line).toMatchObject({
      level: 50,
      requestId: "req_9",
      endpoint: "deliver",
      err: { message: "db password hunter2 leaked" },
    });
  });

  it("answers 500 when a handler's answer breaks the contract, and logs the field", async () => {
    const logs = captureLogs();
    started = await startAdapter(fixtureAdapter({ deliver: () => ({ ok: true, message_id: "" }) }), {
      logger: logs.logger,
    });
    const result = await started.client.deliver({
      credentials: GOOD_CREDENTIALS,
      channel_address: "C1",
      message: { text: "t" },
    });
    expectD8(result, "internal_error");
    expect(logs.lines.find((entry) => entry.level === 50)).toMatchObject({ issues: [{ path: "/message_id" }] });
  });

  it("sends a handler's answer as it is when response checks are off", async () => {
    started = await startAdapter(fixtureAdapter({ deliver: () => ({ ok: true, message_id: "" }) }), {
      validateResponses: false,
    });
    const result = await started.client.deliver({
      credentials: GOOD_CREDENTIALS,
      channel_address: "C1",
      message: { text: "t" },
    });
    expect(result.body).toEqual({ ok: true, message_id: "" });
  });

  it("drops fields outside the contract from a handler's answer", async () => {
    const { client } = await start({ verify: () => ({ ok: true, user: "u", token: "leak" }) as never });
    expect((await client.verify({ credentials: GOOD_CREDENTIALS })).body).toEqual({ ok: true, user: "u" });
  });

  it("requires event_type of a message in trigger mode but not in front-desk mode", async () => {
    const { client } = await start({ parseInbound: () => ({ sender: "U1", message: "hi", is_bot: false }) });
    expectD8(await client.parseInbound({ ...ENVELOPE, mode: "trigger" }), "internal_error");
    expect((await client.parseInbound({ ...ENVELOPE, mode: "front_desk" })).body).toEqual({
      sender: "U1",
      message: "hi",
      is_bot: false,
    });
  });

  it("turns a SignatureError thrown by verifyWebhook into the D3 failure answer", async () => {
    const { client } = await start({
      verifyWebhook: () => {
        throw new SignatureError("mismatch", "no signature matches the body");
      },
    });
    const result = await client.verifyWebhook(ENVELOPE);
    expect(result).toMatchObject({ status: 200, body: { ok: false, error: "no signature matches the body" } });
  });

  it("renders a SignatureError from any other handler as a 500", async () => {
    const { client } = await start({
      verify: () => {
        throw new SignatureError("mismatch", "nope");
      },
    });
    expectD8(await client.verify({ credentials: GOOD_CREDENTIALS }), "internal_error");
  });

  it("sends fetched file bytes with their own Content-Type, or the JSON form", async () => {
    const { client } = await start();
    const request = { credentials: GOOD_CREDENTIALS, resource_path: "/", file_path: "/a.md" };
    const bytes = await client.fetchFile(request);
    expect(bytes.headers.get("content-type")).toBe("text/markdown");
    expect(bytes.body).toMatchObject({ bytes: new TextEncoder().encode("# /a.md") });
    await started?.close();
    const json = { content_base64: "aGk=", content_type: "text/plain" };
    const { client: jsonClient } = await start({
      sources: { listChanges: () => ({ changes: [], cursor: "c" }), fetchFile: () => json },
    });
    expect((await jsonClient.fetchFile(request)).body).toEqual(json);
  });

  it("answers 501 for a handler that is not written, after checking the request", async () => {
    const { client } = await start({ sources: undefined as never });
    expectD8(
      await client.listChanges({ credentials: GOOD_CREDENTIALS, resource_path: "/", cursor: null }),
      "not_implemented",
    );
    expectD8(await client.post("/sources/list-changes", "{}"), "invalid_request");
  });

  it("aborts the handler's signal when the caller goes away", async () => {
    let entered = () => {};
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let signalled = (_outcome: string) => {};
    const outcome = new Promise<string>((resolve) => (signalled = resolve));
    const { url } = await start({
      deliver: (_input, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener("abort", () => {
            signalled("aborted");
            resolve({ ok: true, message_id: "late" });
          });
          entered();
        }),
    });
    const req = request(`${url}/deliver`, { method: "POST", headers: { "content-type": "application/json" } });
    req.on("error", () => undefined);
    req.end(JSON.stringify({ credentials: GOOD_CREDENTIALS, channel_address: "C", message: { text: "t" } }));
    await inHandler;
    req.destroy();
    expect(await outcome).toBe("aborted");
  });
});

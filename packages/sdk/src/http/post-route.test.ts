import { request } from "node:http";
import { ADAPTER_ERROR_STATUS, type AdapterErrorCode, adapterErrorSchema } from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { SignatureError } from "../helpers/index.ts";
import { captureLogs } from "../testing/capture-logs.ts";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";

type Fixture = typeof FIXTURE_MANIFEST;
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

describe("handler endpoints", () => {
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

  it.each([
    "/verify",
    "/verify-webhook",
    "/parse-inbound",
    "/deliver",
    "/format",
    "/sources/list-changes",
    "/sources/fetch-file",
  ])("answers 400 naming the depth limit to a body nested 5,000 deep at %s, before the handler", async (path) => {
    let called = false;
    const { client } = await start({
      deliver: () => {
        called = true;
        return { ok: true, message_id: "m" };
      },
    });
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const body = `{"credentials":{"token":"good"},"channel_address":"C1","message":{"text":"t","metadata":{"x":${deep}}}}`;
    const result = await client.post(path, body);
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({ error: "the body is nested deeper than 64 levels" });
    expect(called).toBe(false);
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
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let signalled = (_outcome: string) => {};
    const outcome = new Promise<string>((resolve) => {
      signalled = resolve;
    });
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

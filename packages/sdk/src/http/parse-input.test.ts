import {
  ADAPTER_ENDPOINTS,
  ADAPTER_ERROR_STATUS,
  type AdapterErrorCode,
  adapterErrorSchema,
} from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter } from "./fixture-adapter.ts";

const POST_ROWS = ADAPTER_ENDPOINTS.filter((row) => row.method === "POST");
const exampleOf = (row: (typeof POST_ROWS)[number]) => structuredClone(row.request?.example) as Record<string, unknown>;

let started: StartedAdapter<typeof FIXTURE_MANIFEST> | undefined;
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

describe("request checks on every handler endpoint", () => {
  it.each(POST_ROWS.map((row) => [row.path, row] as const))("%s answers its contract example", async (_path, row) => {
    const { client } = await start();
    const result = await client.post(row.path, JSON.stringify(exampleOf(row)));
    expect(result.status).toBe(200);
  });

  it.each(
    POST_ROWS.map((row) => [row.path] as const),
  )("%s answers malformed JSON with 400 invalid_request", async (path) => {
    const { client } = await start();
    const result = await client.post(path, '{"credentials": {');
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({ issues: [{ path: "", message: expect.stringContaining("not valid JSON") }] });
  });

  it.each([
    '{"credentials": {"token": xoxb-secret-4242}}',
    "xoxb-secret-4242",
    '{"credentials": {"token": "xoxb-secret-4242"',
  ])("answers malformed JSON %j without repeating any of it", async (body) => {
    const { client } = await start();
    const result = await client.post("/verify", body);
    expectD8(result, "invalid_request");
    // A position may follow; what matters is that no text of the body does.
    const message = expect.stringMatching(/^the body is not valid JSON\b/);
    expect(result.body).toMatchObject({ error: message, issues: [{ path: "", message }] });
    expect(JSON.stringify(result.body)).not.toContain("xoxb");
  });

  it.each(
    POST_ROWS.filter((row) => row.id !== "format").map((row) => [row.path, row] as const),
  )("%s answers missing credentials with 400 naming /credentials", async (_path, row) => {
    const { client } = await start();
    const { credentials, ...rest } = exampleOf(row);
    const result = await client.post(row.path, JSON.stringify(rest));
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({ issues: [{ path: "/credentials" }] });
  });

  it("/format takes no credentials at all but checks them when given", async () => {
    const { client } = await start();
    expect((await client.format({ text: "hi" })).body).toEqual({ text: "HI" });
    const result = await client.post("/format", JSON.stringify({ text: "hi", credentials: { token: 7 } }));
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({ issues: [{ path: "/credentials/token" }] });
  });

  it.each(
    POST_ROWS.map((row) => [row.path, row] as const),
  )("%s answers a field of the wrong type with 400 naming it", async (_path, row) => {
    const { client } = await start();
    const example = exampleOf(row);
    const field = Object.keys(example).find((key) => key !== "credentials") ?? "credentials";
    const result = await client.post(row.path, JSON.stringify({ ...example, [field]: 42 }));
    expectD8(result, "invalid_request");
    expect(result.body).toMatchObject({
      issues: [{ path: `/${field}`, message: expect.stringContaining("expected") }],
    });
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
});

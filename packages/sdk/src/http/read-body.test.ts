import { request } from "node:http";
import {
  ADAPTER_ENDPOINTS,
  ADAPTER_ERROR_STATUS,
  type AdapterErrorCode,
  adapterErrorSchema,
} from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";

const POST_ROWS = ADAPTER_ENDPOINTS.filter((row) => row.method === "POST");

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

/** Sends a body in chunks without Content-Length, as a streaming client would. */
function postChunked(url: string, chunks: number, chunkSize: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res
        .on("data", (chunk) => {
          text += chunk;
        })
        .on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(chunkSize, 0x20);
    for (let i = 0; i < chunks; i += 1) req.write(chunk);
    req.end();
  });
}

describe("body size limit", () => {
  it.each(
    POST_ROWS.map((row) => [row.path] as const),
  )("%s answers an over-size body with 413, declared or streamed", async (path) => {
    const { client, url } = await start();
    expectD8(await client.post(path, "x".repeat(1024 * 1024 + 1)), "payload_too_large");
    expectD8(await postChunked(`${url}${path}`, 40, 64 * 1024), "payload_too_large");
  });

  it("honours a configured body limit", async () => {
    started = await startAdapter(fixtureAdapter(), { bodyLimit: 64 });
    const body = JSON.stringify({ credentials: GOOD_CREDENTIALS, text: "x".repeat(64) });
    expectD8(await started.client.post("/format", body), "payload_too_large");
    expect((await started.client.format({ text: "ok" })).status).toBe(200);
  });
});

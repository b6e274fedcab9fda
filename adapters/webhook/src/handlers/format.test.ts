import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookAdapter } from "../index.ts";
import type { webhookManifest } from "../manifest.ts";

let adapter: StartedAdapter<typeof webhookManifest>;
beforeAll(async () => {
  adapter = await startAdapter(webhookAdapter);
});
afterAll(() => adapter.close());

describe("POST /format", () => {
  it("returns Markdown, HTML and special characters unchanged", async () => {
    const text = "**bold** <b>html</b> & [link](https://example.com) 👋 שלום\u200b";
    const { status, body } = await adapter.client.format({ text });
    expect(status).toBe(200);
    expect(body).toEqual({ text });
  });

  it("answers 400 when text is not a string", async () => {
    const { status, body } = await adapter.client.format({ text: 5 } as never);
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [expect.objectContaining({ path: "/text" })] });
  });
});

import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAdapter } from "../index.ts";
import type { chatManifest } from "../manifest.ts";

let adapter: StartedAdapter<typeof chatManifest>;
beforeAll(async () => {
  adapter = await startAdapter(chatAdapter);
});
afterAll(() => adapter.close());

describe("POST /format", () => {
  it("turns Markdown into mrkdwn", async () => {
    const { status, body } = await adapter.client.format({ text: "**bold** and _it_ and [docs](https://example.com)" });
    expect(status).toBe(200);
    expect(body).toEqual({ text: "*bold* and _it_ and <https://example.com|docs>" });
  });

  it("escapes &, < and > as Slack documents", async () => {
    const { body } = await adapter.client.format({ text: "a < b && c > d" });
    expect(body).toEqual({ text: "a &lt; b &amp;&amp; c &gt; d" });
  });

  it("answers 400 when text is missing", async () => {
    const { status } = await adapter.client.format({} as never);
    expect(status).toBe(400);
  });
});

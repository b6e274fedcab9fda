import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailAdapter, type mailManifest } from "../index.ts";

let adapter: StartedAdapter<typeof mailManifest>;
beforeAll(async () => {
  adapter = await startAdapter(mailAdapter);
});
afterAll(() => adapter.close());

describe("POST /mail/format", () => {
  it("turns Markdown into plain text", async () => {
    const { status, body } = await adapter.client.format({
      text: "# Report\n\n**Done**: see [the guide](https://docs.example/guide).\n\n- one\n- two",
    });
    expect(status).toBe(200);
    expect(body).toEqual({ text: "Report\n\nDone: see the guide (https://docs.example/guide).\n\n- one\n- two" });
  });

  it("keeps characters Markdown gives no meaning to", async () => {
    const { body } = await adapter.client.format({ text: "5 < 6 & 👍 שלום" });
    expect(body).toEqual({ text: "5 < 6 & 👍 שלום" });
  });

  it("answers 400 when text is missing", async () => {
    const { status, body } = await adapter.client.post("/format", "{}");
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/text" }] });
  });
});

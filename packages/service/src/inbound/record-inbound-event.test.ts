import { describe, expect, it } from "vitest";
import { toExcerpt, toInboundEventValues } from "./record-inbound-event.ts";

describe("toExcerpt", () => {
  it("keeps the first line that has text, trimmed", () => {
    expect(toExcerpt("\n  Deploy done  \nsecond line")).toBe("Deploy done");
  });

  it("cuts a long line to 120 characters with an ellipsis", () => {
    const excerpt = toExcerpt("x".repeat(500));
    expect(excerpt).toHaveLength(120);
    expect(excerpt?.endsWith("…")).toBe(true);
  });

  it("gives none for a message without text", () => {
    expect(toExcerpt("   \n ")).toBeNull();
  });
});

describe("toInboundEventValues", () => {
  it("counts what the record keeps toward the installation's budget", () => {
    const message = { sender: "ana", message: "hi", is_bot: false };
    const values = toInboundEventValues({
      installationId: "inst_x",
      outcome: "accepted",
      receivedAt: new Date(0),
      message,
      adapterCalls: [{ endpoint: "inbound", outcome: "ok", status: 200, latency_ms: 1, error: null }],
    });
    expect(values.stored_bytes).toBe((values.message?.length ?? 0) + (values.adapter_calls?.length ?? 0));
    expect(values).toMatchObject({ excerpt: "hi", request: null, replay_of: null });
  });
});

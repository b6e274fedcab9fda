import { describe, expect, it } from "vitest";
import { callbackEnvelopeSchema } from "./callback.ts";

const run = { workflow_run_id: 1, workflow_id: 2, session_id: 1, trigger_id: null };
const timestamp = "2025-01-01T09:00:00.000Z";

describe("callback envelope", () => {
  it("accepts each of the three D25 event types", () => {
    const envelopes = [
      { type: "workflow_run.completed", timestamp, data: { ...run, status: "completed", output: [1] } },
      { type: "workflow_run.failed", timestamp, data: { ...run, status: "failed", error: "boom" } },
      {
        type: "workflow_run.output",
        timestamp,
        data: { ...run, status: "running", stage: "s", sequence: 0, output: "x" },
      },
    ];
    for (const envelope of envelopes) expect(callbackEnvelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it("rejects a status that does not match the type", () => {
    const envelope = { type: "workflow_run.failed", timestamp, data: { ...run, status: "completed", error: "x" } };
    expect(callbackEnvelopeSchema.safeParse(envelope).success).toBe(false);
  });

  it("rejects an unknown type and a missing timestamp", () => {
    const data = { ...run, status: "completed", output: null };
    expect(callbackEnvelopeSchema.safeParse({ type: "workflow_run.started", timestamp, data }).success).toBe(false);
    expect(callbackEnvelopeSchema.safeParse({ type: "workflow_run.completed", data }).success).toBe(false);
  });
});

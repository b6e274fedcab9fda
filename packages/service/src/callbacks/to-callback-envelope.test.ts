import { callbackEnvelopeSchema } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import type { WorkflowRunRow } from "../store/index.ts";
import { toCallbackEnvelope } from "./to-callback-envelope.ts";

const at = "2030-01-01T00:00:00.000Z";
const run = { id: 12, workflow_id: 3, session_id: 40, trigger_id: null } as WorkflowRunRow;
const ids = { workflow_run_id: 12, workflow_id: 3, session_id: 40, trigger_id: null };

describe("toCallbackEnvelope", () => {
  it("renders each run event as the contract's envelope", () => {
    const envelopes = [
      toCallbackEnvelope({ type: "workflow_run.completed", run, output: { ok: 1 }, at }),
      toCallbackEnvelope({ type: "workflow_run.failed", run, error: "boom", at }),
      toCallbackEnvelope({ type: "workflow_run.output", run, stage: "s", sequence: 0, output: "x", at }),
    ];
    expect(envelopes).toEqual([
      { type: "workflow_run.completed", timestamp: at, data: { ...ids, status: "completed", output: { ok: 1 } } },
      { type: "workflow_run.failed", timestamp: at, data: { ...ids, status: "failed", error: "boom" } },
      {
        type: "workflow_run.output",
        timestamp: at,
        data: { ...ids, status: "running", stage: "s", sequence: 0, output: "x" },
      },
    ]);
    for (const envelope of envelopes) expect(callbackEnvelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it("carries the trigger that started the run", () => {
    const fromTrigger = toCallbackEnvelope({
      type: "workflow_run.failed",
      run: { ...run, trigger_id: 9 },
      error: "e",
      at,
    });
    expect(fromTrigger.data.trigger_id).toBe(9);
  });
});

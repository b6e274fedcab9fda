import type { CallbackEnvelope } from "@adapterkit/contract";
import type { RunEvent } from "../runs/run-events.ts";

/** D25: the Standard Webhooks envelope `{ type, timestamp, data }` of a run event. */
export function toCallbackEnvelope(event: RunEvent): CallbackEnvelope {
  const { run } = event;
  const ids = {
    workflow_run_id: run.id,
    workflow_id: run.workflow_id,
    session_id: run.session_id,
    trigger_id: run.trigger_id,
  };
  switch (event.type) {
    case "workflow_run.completed":
      return { type: event.type, timestamp: event.at, data: { ...ids, status: "completed", output: event.output } };
    case "workflow_run.failed":
      return { type: event.type, timestamp: event.at, data: { ...ids, status: "failed", error: event.error } };
    case "workflow_run.output":
      return {
        type: event.type,
        timestamp: event.at,
        data: { ...ids, status: "running", stage: event.stage, sequence: event.sequence, output: event.output },
      };
  }
}

import { type ClientResult, describeFailure } from "@adapterkit/client";
import type { AdapterCallRecordJson } from "@adapterkit/contract";

/** The longest error an event keeps of a failed call. */
const MAX_ERROR_LENGTH = 500;

/** One adapter call of an event as its record keeps it: the endpoint, how it ended, the status and the latency. */
export function toAdapterCallRecord(
  endpoint: AdapterCallRecordJson["endpoint"],
  result: ClientResult<unknown>,
): AdapterCallRecordJson {
  const latency_ms = Math.round(result.durationMs * 10) / 10;
  if (result.ok) return { endpoint, outcome: "ok", status: result.status, latency_ms, error: null };
  const { error } = result;
  return {
    endpoint,
    outcome: error.kind === "timeout" ? "timed_out" : "failed",
    status: "status" in error ? error.status : null,
    latency_ms,
    error: describeFailure(error).slice(0, MAX_ERROR_LENGTH),
  };
}

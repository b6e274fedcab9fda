import type { AdapterClient, ClientResult } from "@adapterkit/client";
import type { AdapterEndpointId } from "@adapterkit/contract";
import type { LatencyRecorder } from "./latency-recorder.ts";

const TYPED_METHODS = {
  manifest: "manifest",
  health: "health",
  verify: "verify",
  verifyWebhook: "verify-webhook",
  parseInbound: "parse-inbound",
  inbound: "inbound",
  deliver: "deliver",
  format: "format",
  listChanges: "list-changes",
  fetchFile: "fetch-file",
} as const satisfies Partial<Record<keyof AdapterClient, AdapterEndpointId>>;

/**
 * Wraps a client so every typed call that got an answer adds its duration to the recorder. Raw `call()`s are left
 * out: they carry deliberately odd requests (a 2 MiB body) that say nothing about normal latency.
 */
export function recordingClient(client: AdapterClient, recorder: LatencyRecorder): AdapterClient {
  const wrapped: Record<string, unknown> = { ...client };
  for (const [method, endpoint] of Object.entries(TYPED_METHODS)) {
    const original = client[method as keyof typeof TYPED_METHODS] as (
      ...args: unknown[]
    ) => Promise<ClientResult<unknown>>;
    wrapped[method] = async (...args: unknown[]) => {
      const result = await original(...args);
      const answered = result.ok || (result.error.kind !== "unreachable" && result.error.kind !== "timeout");
      if (answered) recorder.record(endpoint, result.durationMs);
      return result;
    };
  }
  return wrapped as unknown as AdapterClient;
}

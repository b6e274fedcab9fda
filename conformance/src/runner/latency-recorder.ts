import { ADAPTER_ENDPOINTS, type AdapterEndpointId } from "@adapterkit/contract";
import type { EndpointLatency } from "../report/report.ts";

/** Collects call durations per endpoint and summarises them as percentiles. */
export class LatencyRecorder {
  readonly #samples = new Map<AdapterEndpointId, number[]>();

  record(endpoint: AdapterEndpointId, ms: number): void {
    const list = this.#samples.get(endpoint) ?? [];
    list.push(ms);
    this.#samples.set(endpoint, list);
  }

  samples(endpoint: AdapterEndpointId): readonly number[] {
    return this.#samples.get(endpoint) ?? [];
  }

  /** One row per endpoint that was called, in contract order. */
  summary(): EndpointLatency[] {
    return ADAPTER_ENDPOINTS.flatMap((endpoint) => {
      const list = this.#samples.get(endpoint.id);
      if (!list || list.length === 0) return [];
      return [
        {
          endpoint: endpoint.id,
          path: endpoint.path,
          samples: list.length,
          p50_ms: percentile(list, 50),
          p95_ms: percentile(list, 95),
          max_ms: round(Math.max(...list)),
        },
      ];
    });
  }
}

/** Nearest-rank percentile, rounded to 0.01 ms. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return round(sorted[rank - 1] ?? 0);
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

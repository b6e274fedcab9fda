import autocannon, { type Request } from "autocannon";
import type { Answers } from "./deliveries.ts";

/** One load's figures: events per second, p99 latency of a request (ms), and the events answered. */
export interface LoadResult {
  readonly eventsPerS: number;
  readonly p99Ms: number;
  readonly events: number;
}

/** Sends `requests` (`perEvent` of them make one event) for `duration` s; any wrong answer voids the load. */
export async function runLoad(
  url: string,
  requests: Request[],
  options: { duration: number; connections: number; perEvent: number; answers: Answers },
): Promise<LoadResult> {
  const { duration, connections, perEvent, answers } = options;
  answers.wrong.length = 0;
  const result = await autocannon({ url, requests, connections, duration });
  if (result.non2xx > 0 || result.errors > 0 || answers.wrong.length > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors; ${answers.wrong.join(" | ")}`);
  }
  const events = result.requests.total / perEvent;
  return { eventsPerS: events / duration, p99Ms: result.latency.p99, events };
}

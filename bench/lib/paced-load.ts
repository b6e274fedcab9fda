import type { Request } from "autocannon";
import { type Dispatcher, Pool } from "undici";

/** What a paced load offers: `rate` requests a second, evenly spaced, over at most `connections` at once. */
export interface PacedLoadOptions {
  /** The server's origin, `http://127.0.0.1:port`. */
  readonly url: string;
  /** Cycled through, one per request; each `setupRequest` makes the request sent, `onResponse` reads its answer. */
  readonly requests: readonly Request[];
  readonly connections: number;
  /** Seconds requests are started for; the load then waits for the ones in flight. */
  readonly duration: number;
  /** Requests a second. */
  readonly rate: number;
}

/** Requests a second answered, the p99 in ms from each request's due time, and what went wrong. */
export interface PacedLoadResult {
  readonly requestsPerSecond: number;
  readonly total: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

/**
 * Offers a steady rate: request i is due at start + i / rate and goes as soon as a connection is free (D631).
 * autocannon's own rate limit sends each connection's quota for a second at full speed when the second starts and
 * then waits: 375 a second arrive as a burst of 375 each second. A platform's events arrive spread over time, which
 * is what this offers. Latency counts from the due time, so a server that falls behind is not measured kindly.
 *
 * @example
 * const result = await pacedLoad({ url: origin, requests, connections: 25, duration: 4, rate: 200 });
 */
export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  if (!(options.rate > 0)) throw new RangeError("pacedLoad: rate must be above 0");
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let inFlight = 0;
  let started = 0;
  const last = Math.floor(options.duration * options.rate);
  const start = performance.now();
  const dueAt = (index: number) => start + (index * 1000) / options.rate;

  async function send(index: number): Promise<void> {
    const template = options.requests[index % options.requests.length] as Request;
    const request = template.setupRequest?.({ ...template }, {}) ?? template;
    try {
      const response = await pool.request({
        method: (request.method ?? "GET") as Dispatcher.HttpMethod,
        path: request.path ?? "/",
        ...(request.headers === undefined ? {} : { headers: request.headers }),
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const body = await response.body.text();
      template.onResponse?.(response.statusCode, body, {});
      if (response.statusCode < 200 || response.statusCode > 299) non2xx += 1;
      latencies.push(performance.now() - dueAt(index));
    } catch {
      errors += 1;
    }
  }

  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const next = (): void => {
      // Every request now due goes out while a connection is free; the rest wait for a free one.
      while (started < last && inFlight < options.connections && dueAt(started) <= performance.now()) {
        inFlight += 1;
        void send(started).finally(() => {
          inFlight -= 1;
          next();
        });
        started += 1;
      }
      if (started === last && inFlight === 0) resolve();
      else if (started < last && inFlight < options.connections && timer === undefined) {
        timer = setTimeout(
          () => {
            timer = undefined;
            next();
          },
          Math.max(0, dueAt(started) - performance.now()),
        );
      }
    };
    next();
  });
  await pool.close();
  const sorted = latencies.sort((a, b) => a - b);
  const p99 = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
  return {
    requestsPerSecond: latencies.length / options.duration,
    total: latencies.length,
    p99: Math.round(p99),
    non2xx,
    errors,
  };
}

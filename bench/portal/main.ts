// bench/portal: every portal page's time on SQLite with 1,000 Apps listed, one of them with 200 manifest versions and
// 100 reviews and installed with 10,000 inbound events and 10,000 deliveries with their attempts, and a run's page
// with 20 of 10,000 callback deliveries and their attempts, against a baseline measured in the same
// run (D30): the JSON API's `GET /api/v1/apps/{slug}` for one of the same Apps, the cheapest authenticated
// read. The service runs in its own process; requests go one at a time over loopback, so each sample is the
// server's time plus a loopback round trip. Goal (issues 16, 27): p99 under 50 ms per page. No assertions: it prints.

import { startChild } from "../lib/start-child.ts";
import { stopChild } from "../lib/stop-child.ts";
import type { SeededInstallation } from "./seed-installation.ts";

const APPS = Number(process.env.BENCH_APPS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const WARMUP = 50;
const GOAL_P99_MS = 50;

interface Seeded {
  readonly url: string;
  readonly token: string;
  readonly middle: string;
  readonly reviewId: number;
  readonly installation: SeededInstallation;
  readonly runId: number;
  readonly seconds: string;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(request: () => Promise<Response>, samples = SAMPLES): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

console.log(`seeding ${APPS} Apps and an installation with ${EVENTS} events on SQLite in the service's process…`);
const server = await startChild(new URL("./service-server.ts", import.meta.url), {
  BENCH_APPS: String(APPS),
  BENCH_EVENTS: String(EVENTS),
});
try {
  const { url, token, middle, reviewId, installation, runId, seconds } = JSON.parse(server.ready) as Seeded;
  console.log(`seeded in ${seconds} s`);
  const signIn = await fetch(`${url}/developer/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
    redirect: "manual",
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const page = (path: string) => () => fetch(`${url}${path}`, { headers: { cookie } });
  const api = (path: string) => () => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  console.log(`${SAMPLES} sequential requests each, after ${WARMUP} of every one to warm the server up`);
  const baselineRequest = api(`/api/v1/apps/${middle}`);
  const at = `/marketplace/installations/${installation.id}`;
  const pages: [string, string][] = [
    ["Apps list, page 1", "/developer/apps"],
    ["Apps list, page 20", "/developer/apps?page=20"],
    ["New App", "/developer/new-app"],
    ["App page (200 versions)", `/developer/apps/${middle}`],
    ["Review report (80 checks)", `/developer/apps/${middle}/reviews/${reviewId}`],
    ["Marketplace, page 1", "/marketplace"],
    ["Marketplace, page 20", "/marketplace?page=20"],
    ["Install page", `/marketplace/apps/${middle}`],
    ["Installation page", at],
    ["Installation, events 5,000 back", `${at}?cursor=${installation.eventsCursor}`],
    ["Installation, events by outcome", `${at}?outcome=unmatched`],
    ["Installation, events of one sender", `${at}?sender=person-5000@example.com`],
    ["Event page (request, message, calls)", `${at}/events/${installation.eventId}`],
    ["Installation, deliveries 5,000 back", `${at}?deliveries_cursor=${installation.deliveriesCursor}`],
    ["Run page (20 callbacks, attempts)", `/developer/runs/${runId}`],
    ["Sign-in page", "/developer/sign-in"],
  ];
  for (const request of [baselineRequest, ...pages.map(([, path]) => page(path))]) await measure(request, WARMUP);
  const baseline = await measure(baselineRequest);
  console.log(
    `baseline GET /api/v1/apps/{slug} (JSON): p50 ${baseline.p50.toFixed(2)} ms, p99 ${baseline.p99.toFixed(2)} ms`,
  );
  let worst = 0;
  for (const [name, path] of pages) {
    const result = await measure(page(path));
    worst = Math.max(worst, result.p99);
    const ratios = `ratio to baseline p50 ${(result.p50 / baseline.p50).toFixed(2)}x, p99 ${(result.p99 / baseline.p99).toFixed(2)}x`;
    console.log(
      `${name.padEnd(38)} p50 ${result.p50.toFixed(2).padStart(6)} ms  p99 ${result.p99.toFixed(2).padStart(6)} ms  ${ratios}`,
    );
  }
  const unpaged = await measure(api("/api/v1/apps"));
  console.log(`for reference, the unpaginated JSON list of all ${APPS} Apps: p99 ${unpaged.p99.toFixed(2)} ms`);
  const verdict = worst < GOAL_P99_MS ? "meets" : "misses";
  console.log(`worst page p99 ${worst.toFixed(2)} ms: ${verdict} the goal of ${GOAL_P99_MS} ms`);
} finally {
  await stopChild(server);
}

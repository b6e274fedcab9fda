// Child process of bench/portal: the reference service on SQLite in a fresh temp dir with BENCH_APPS published Apps
// of one organization; the middle one with BENCH_VERSIONS manifest versions and BENCH_REVIEWS finished reviews, and
// installed with BENCH_EVENTS inbound events and as many deliveries (beside another installation with as many), each
// delivery with its attempt records; and a run with 20 of BENCH_CALLBACKS callback deliveries and their attempts.
// Prints `READY <json>` with the URL, a token of that organization, the middle App's slug, a review's id, the
// installation and cursors half-way down its events and deliveries; removes its data when told to stop.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "@adapterkit/service";
import { seedApps, seedVersions } from "./seed-apps.ts";
import { seedInstallation } from "./seed-installation.ts";
import { seedOutbound } from "./seed-outbound.ts";
import { seedReview } from "./seed-review.ts";

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const dataDir = mkdtempSync(join(tmpdir(), "bench-portal-"));
const service = await createService({
  dataDir,
  logLevel: "warn",
  rateLimit: false,
  healthPolling: false,
  scheduler: false,
  worker: false,
  reviews: false,
  deliveries: false,
});
const url = await service.listen(0, "127.0.0.1");
const token = await service.createToken({ organization: "bench", project: "main" });
const started = performance.now();
const slugs = await seedApps(service, token.organization_id, count("BENCH_APPS", 1000));
const middle = slugs[Math.floor(slugs.length / 2)] ?? "";
await seedVersions(service, middle, count("BENCH_VERSIONS", 200));
let reviewId = 0;
for (let index = 0; index < count("BENCH_REVIEWS", 100); index += 1) reviewId = await seedReview(service, middle);
const scope = { organizationId: token.organization_id, projectId: token.project_id ?? 0 };
const installation = await seedInstallation(
  service,
  scope,
  { slug: middle, neighbour: slugs[0] ?? "" },
  count("BENCH_EVENTS", 10_000),
);
// A queued run (the worker is off) whose page lists 20 callback deliveries among BENCH_CALLBACKS (issue 33).
const workflow = await fetch(`${url}/api/v1/workflows`, {
  method: "POST",
  headers: { authorization: `Bearer ${token.token}`, "content-type": "application/json" },
  body: JSON.stringify({ name: "bench", stages: [{ name: "echo", action: "echo" }] }),
});
const { id: workflowId } = (await workflow.json()) as { id: number };
const triggered = await fetch(`${url}/api/v1/trigger`, {
  method: "POST",
  headers: { authorization: `Bearer ${token.token}`, "content-type": "application/json" },
  body: JSON.stringify({ workflow_id: workflowId }),
});
const { workflow_run_id: runId } = (await triggered.json()) as { workflow_run_id: number };
await seedOutbound(service, runId, count("BENCH_CALLBACKS", 10_000));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`READY ${JSON.stringify({ url, token: token.token, middle, reviewId, installation, runId, seconds })}`);

process.once("SIGTERM", () => {
  void service.close().then(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});

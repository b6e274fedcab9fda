// Child process of bench/portal: the reference service on SQLite in a fresh temp dir with BENCH_APPS published Apps
// of one organization, one finished review of the middle one and an installation of it with 200 inbound events. Prints `READY <json>` with the URL, a token of that
// organization, the middle App's slug and the review's id; removes its data when told to stop.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "@adapterkit/service";
import { seedApps } from "./seed-apps.ts";
import { seedInstallation } from "./seed-installation.ts";
import { seedReview } from "./seed-review.ts";

const dataDir = mkdtempSync(join(tmpdir(), "bench-portal-"));
const service = await createService({
  dataDir,
  logLevel: "warn",
  rateLimit: false,
  healthPolling: false,
  scheduler: false,
  worker: false,
  reviews: false,
});
const url = await service.listen(0, "127.0.0.1");
const token = await service.createToken({ organization: "bench", project: "main" });
const slugs = await seedApps(service, token.organization_id, Number(process.env.BENCH_APPS ?? 1000));
const middle = slugs[Math.floor(slugs.length / 2)] ?? "";
const reviewId = await seedReview(service, middle);
const scope = { organizationId: token.organization_id, projectId: token.project_id ?? 0, slug: middle };
const installation = await seedInstallation(service, scope);
console.log(`READY ${JSON.stringify({ url, token: token.token, middle, reviewId, installation })}`);

process.once("SIGTERM", () => {
  void service.close().then(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});

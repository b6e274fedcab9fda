import { createService, type RunningDemo, type ServiceOptions } from "@adapterkit/service";
import { demoLines, toShownTime } from "./demo-lines.ts";

/**
 * D468 `npm start` beside another instance on the same DATABASE_URL: serves the API and runs the background loops
 * on the shared store, lets the guard reach the demo the other instance serves, and starts no stand-ins and no
 * sample adapters and writes nothing to the demo (a token only with `--new-token`).
 */
export async function joinRunningDemo(input: {
  port: number;
  host: string;
  newToken: boolean;
  options: ServiceOptions;
  running: RunningDemo;
}): Promise<void> {
  const { options, running } = input;
  console.log(`serve: found the demo from ${toShownTime(running.from)} served by another instance; joining it`);
  const allowedHosts = [...new Set([...(options.allowedHosts ?? []), ...running.hosts])];
  const service = await createService({ ...options, allowedHosts });
  const serviceUrl = await service.listen(input.port, input.host);
  const demo = input.newToken ? await service.bootstrapDemo({ newToken: true }) : undefined;
  const lines = [
    "",
    `adapterkit reference service   ${serviceUrl}   (ready: ${serviceUrl}/healthz)`,
    "  store                        PostgreSQL (DATABASE_URL), shared with the instance serving the demo",
    `  demo                         found the demo from ${toShownTime(running.from)}, served by another instance; joined it and changed nothing`,
    `  its sample adapters          ${running.adapterUrls.join("  ")}`,
    "  this instance runs           the API and every background loop; leases share the work (README: Running several instances)",
    ...demoLines({ foundFrom: undefined, apiToken: demo?.apiToken, changes: [] }),
    "",
    "Ctrl-C stops everything.",
  ];
  console.log(lines.join("\n"));
  await new Promise<void>((done) => {
    process.once("SIGINT", () => done());
    process.once("SIGTERM", () => done());
  });
  console.log("serve: shutting down");
  await service.close();
}

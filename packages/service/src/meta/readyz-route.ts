import type { ServiceHealth } from "@adapterkit/contract";
import type { Route } from "../http/route.ts";
import type { RunWorker } from "../runs/run-worker.ts";
import type { MetaContext } from "./meta-context.ts";

/** `GET /readyz`: ready once the database answers and the run worker runs. */
export function createReadyzRoute(worker: Pick<RunWorker, "running"> | undefined): Route<"readyz", MetaContext> {
  return {
    auth: "none",
    async handler(_input, context) {
      const database = (await context.store.ping()) ? "ok" : "failing";
      const runner = worker === undefined || worker.running ? "ok" : "failing";
      const ready = database === "ok" && runner === "ok";
      const body: ServiceHealth = { status: ready ? "ok" : "unavailable", checks: { database, worker: runner } };
      return { status: ready ? 200 : 503, body };
    },
  };
}

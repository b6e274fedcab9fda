import { createService, type Service, serviceOptionsFromEnv } from "@adapterkit/service";
import { CliError } from "adapterkit/command-line";

/**
 * Runs a command's work on the service's store, beside a running service (no instance lock, worker, scheduler,
 * dispatcher, health polling, sources poll or tool-server refresher), and closes it. Service errors become one-line failures (exit 1).
 */
export async function withLocalService<T>(work: (service: Service) => Promise<T>): Promise<T> {
  const service = await createService({
    ...serviceOptionsFromEnv(),
    instanceLock: false,
    worker: false,
    scheduler: false,
    callbacks: false,
    deliveries: false,
    healthPolling: false,
    sources: { poll: false },
    toolServers: false,
    logLevel: "warn",
  });
  try {
    return await work(service);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError("failed", error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    await service.close();
  }
}

import { createTasksAdapter, startTasksStandIn, type TasksStandIn } from "@adapterkit/adapter-tasks";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import type { TestService } from "./test-service.ts";

/** The OAuth sample: the tasks platform's stand-in and the tasks adapter in front of it, registered as an App. */
export interface TasksApp {
  readonly tasks: TasksStandIn;
  readonly adapter: StartedAdapter<ReturnType<typeof createTasksAdapter>["manifest"]>;
  close(): Promise<void>;
}

/**
 * Starts the tasks stand-in, which redirects only to the service's own `/oauth/callback`, and the tasks adapter on it,
 * and registers the adapter as a draft App of `organization` (its project main).
 */
export async function startTasksApp(
  test: TestService,
  organization: string,
  options: { readonly accessTokenTtlSeconds?: number } = {},
): Promise<TasksApp> {
  const tasks = await startTasksStandIn({ redirectUris: [`${test.url}/oauth/callback`], ...options });
  const adapter = await startAdapter(createTasksAdapter(tasks.url), {
    shutdownTimeoutMs: 100,
    allowedHosts: [new URL(tasks.url).host],
  });
  await test.service.apps.register({ organization, project: "main" }, adapter.url.replace("localhost", "127.0.0.1"));
  return {
    tasks,
    adapter,
    async close() {
      await adapter.close();
      await tasks.close();
    },
  };
}

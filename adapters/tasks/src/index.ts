import { defineAdapter } from "@adapterkit/sdk";
import { createVerify } from "./handlers/verify.ts";
import { tasksManifest } from "./manifest.ts";

/**
 * The OAuth-backed tasks adapter for the platform at `platformUrl` (the stand-in under `npm start`).
 * @example const tasks = await startTasksStandIn(); await serve(createTasksAdapter(tasks.url), { port: 3100 });
 */
export function createTasksAdapter(platformUrl: string) {
  return defineAdapter({ manifest: tasksManifest(platformUrl), verify: createVerify(platformUrl) });
}

export { DEMO_ACCOUNT, TASKS_SCOPES } from "./stand-in/create-provider.ts";
export { followAuthorization } from "./stand-in/follow-authorization.ts";
export { startTasksStandIn, type TasksStandIn, type TasksStandInOptions } from "./stand-in/start-tasks-stand-in.ts";
export { tasksManifest };

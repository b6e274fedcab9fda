import { defineManifest } from "@adapterkit/sdk";

/**
 * The tasks adapter's manifest for a platform at `platformUrl`: an OAuth-backed App without a channel (its
 * operations are Skill tools), whose `oauth_config` lets the service connect an account and keep the token fresh.
 */
export function tasksManifest(platformUrl: string) {
  const base = platformUrl.replace(/\/+$/, "");
  return defineManifest({
    schema_version: "1.0",
    name: "Tasks",
    slug: "tasks",
    description: "A to-do list platform reached with OAuth 2: the service connects the account and refreshes tokens.",
    icon: "check-circle",
    category: "productivity",
    version: "0.1.0",
    credentials: [{ key: "tasks_oauth", type: "oauth2", label: "Tasks account" }],
    oauth_config: {
      authorize_url: `${base}/auth`,
      token_url: `${base}/token`,
      scopes: ["tasks:read", "tasks:write"],
      scope_separator: " ",
      extra_authorize_params: { access_type: "offline" },
    },
    skill: {
      name: "Tasks",
      description: "Read and add to-do items.",
      knowledge: "Use list_tasks to see the user's open tasks and create_task to add one.",
      tool_names: ["list_tasks", "create_task"],
    },
    setup_instructions: [
      "Register an OAuth client at the tasks platform with this service's /oauth/callback as its redirect URI.",
      "Enter its client ID and secret, then Connect: the service runs the authorization and keeps the token fresh.",
    ],
    author: { name: "adapterkit" },
  });
}

import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { chatAdapter } from "@adapterkit/adapter-chat";
import { filesAdapter } from "@adapterkit/adapter-files";
import { mailAdapter } from "@adapterkit/adapter-mail";
import { createTasksAdapter, followAuthorization } from "@adapterkit/adapter-tasks";
import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { createService, findRunningDemo, serviceOptionsFromEnv } from "@adapterkit/service";
import { defineCommand } from "adapterkit/command-line";
import { demoLines } from "../serve/demo-lines.ts";
import { GITHUB_WEBHOOK_ENTRY, type GithubWebhook, installGithubWebhook } from "../serve/install-github-webhook.ts";
import { joinRunningDemo } from "../serve/join-running-demo.ts";
import { readPreviousStandIns } from "../serve/previous-stand-ins.ts";
import { serveSampleAdapters } from "../serve/serve-sample-adapters.ts";
import { showInboundLoop } from "../serve/show-inbound-loop.ts";
import { startStandIns } from "../serve/start-stand-ins.ts";

/** The four sample adapters `npm start` serves. */
export const SAMPLE_ADAPTERS = [mailAdapter, chatAdapter, webhookAdapter, filesAdapter] as const;

/**
 * `adapterkit-service serve` (`npm start`): the reference service, the sample adapters (each signing-checked with its App's
 * secret, or all with ADAPTER_SIGNING_SECRET when set, D123), their local platforms, and the sample Apps registered,
 * published and installed into the demo organization (D28).
 */
export const serveCommand = defineCommand({
  command: "serve",
  describe: "Serve the reference service (PORT, default 3000) and the sample adapters (ADAPTERS_PORT, default 3100)",
  options: {
    port: { type: "number", default: Number(process.env.PORT ?? 3000), describe: "Service port" },
    "adapters-port": { type: "number", default: Number(process.env.ADAPTERS_PORT ?? 3100), describe: "Adapters port" },
    host: { type: "string", default: process.env.HOST ?? "127.0.0.1", describe: "Interface to listen on" },
    "stand-ins": { type: "boolean", default: true, describe: "Start local stand-ins of the sample platforms" },
    "new-token": { type: "boolean", default: false, describe: "Print a new API token even when the demo was found" },
  },
  handler: async (args) => {
    const step = (text: string) => console.log(`serve: ${text}`);
    const options = serviceOptionsFromEnv();
    // D468: another instance on the same DATABASE_URL serves the demo; this one joins it and touches nothing.
    const running = await findRunningDemo(options);
    if (running !== undefined) return joinRunningDemo({ ...args, options, running });
    const dataDir = resolve(options.dataDir ?? "data");
    const credentialsFile = join(dataDir, "demo-credentials.json");
    step("starting the sample platforms' stand-ins");
    // The tasks platform's OAuth client may come back to the service's callback under any name it answers to.
    const oauthRedirectUris = [args.host, "localhost", "127.0.0.1"].map(
      (h) => `http://${h}:${args.port}/oauth/callback`,
    );
    if (options.publicUrl) oauthRedirectUris.push(`${options.publicUrl.replace(/\/+$/, "")}/oauth/callback`);
    const previous = await readPreviousStandIns(credentialsFile);
    const standIns = args.standIns ? await startStandIns({ oauthRedirectUris, previous }) : undefined;
    const tasksPlatform = standIns?.summaries.find((s) => s.adapter === "tasks");
    // The OAuth sample is served only with its platform: its manifest names that platform's endpoints.
    const served = tasksPlatform ? [...SAMPLE_ADAPTERS, createTasksAdapter(tasksPlatform.url)] : [...SAMPLE_ADAPTERS];
    step("opening the store and starting the service");
    // A15: the service's own adapters and stand-ins listen on loopback, which user-supplied URLs may not reach.
    const adapterHosts = [args.host, "localhost", "127.0.0.1"].map((host) => `${host}:${args.adaptersPort}`);
    const standInUrls = (standIns?.summaries ?? []).map((s) => s.url);
    const standInHosts = standInUrls.flatMap((url) => {
      const { hostname, port } = new URL(url);
      return [`${hostname}:${port}`, `localhost:${port}`];
    });
    const allowedHosts = [...new Set([...(options.allowedHosts ?? []), ...adapterHosts, ...standInHosts])];
    const service = await createService({ ...options, allowedHosts });
    const slugs = served.map((adapter) => adapter.slug);
    const wanted = process.env.ADAPTER_SIGNING_SECRET || undefined;
    const secrets = await service.apps.demoSigningSecrets(slugs, wanted);
    step(`serving ${served.length} sample adapters, each checking its App's signing secret`);
    // A18: the sample adapters reach their platforms' stand-ins on loopback, and nothing else there.
    const adapters = await serveSampleAdapters(served, {
      port: args.adaptersPort,
      host: args.host,
      secrets,
      allowedHosts: standInHosts,
    });
    const serviceUrl = await service.listen(args.port, args.host);
    const demo = await service.bootstrapDemo({ newToken: args.newToken });
    const changes: string[] = [];
    step("registering, publishing and installing the sample Apps into the demo organization");
    const installations = await service.apps
      .installDemoApps(
        { organization: "demo" },
        {
          adapters: served.map((adapter) => {
            const platform = standIns?.summaries.find((s) => s.adapter === adapter.slug);
            const { client_id: clientId, client_secret: clientSecret } = platform?.credentials ?? {};
            // The OAuth sample's account is connected through the real flow, the stand-in's demo user approving.
            const oauth =
              typeof clientId === "string" && typeof clientSecret === "string"
                ? { client_id: clientId, client_secret: clientSecret, authorize: followAuthorization }
                : undefined;
            return {
              slug: adapter.slug,
              baseUrl: adapters.urls[adapter.slug] ?? "",
              credentials: oauth ? {} : (platform?.credentials ?? {}),
              oauth,
            };
          }),
          signingSecrets: secrets,
          onChange: (change) => changes.push(change),
        },
      )
      .catch((error: unknown) => {
        console.error(
          `serve: installing the sample Apps failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return [];
      });

    // The webhook App once more, as GitHub sends deliveries, so a repository can point at it at once.
    const githubWebhook: GithubWebhook | undefined =
      standIns && installations.some((i) => i.app === "webhook")
        ? await installGithubWebhook(service, previous).catch((error: unknown) => {
            console.error(
              `serve: installing the webhook App with the GitHub preset failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            return undefined;
          })
        : undefined;

    // A12: the files sample's installation syncs the stand-in's demo folder (D164); the first sync starts at once.
    const filesInstallation = installations.find((installation) => installation.app === "files");
    const demoFolder = standIns?.summaries.find((summary) => summary.adapter === "files")?.extra?.resource_path;
    if (filesInstallation !== undefined && typeof demoFolder === "string") {
      await service.sources.configure(filesInstallation.id, demoFolder, false);
    }

    // A13: the demo organization's Skill from the stand-in MCP server; it follows a stand-in that moved (D196, D464).
    const toolServer = standIns
      ? await service.toolServers
          .connectOrRefresh({ organization: "demo" }, { name: "Demo tools", url: standIns.toolServer.url })
          .catch((error: unknown) => {
            console.error(
              `serve: connecting the stand-in tool server failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            return undefined;
          })
      : undefined;

    await mkdir(dataDir, { recursive: true });
    if (standIns) {
      const recorded = githubWebhook ? [...standIns.summaries, githubWebhook.summary] : standIns.summaries;
      await writeFile(credentialsFile, `${JSON.stringify(recorded, null, 2)}\n`, { mode: 0o600 });
    }
    // D467: a found demo's token cannot be shown again (stored hashed); the commands name $ADAPTERKIT_TOKEN instead.
    const auth = `-H ${demo.apiToken ? `'Authorization: Bearer ${demo.apiToken}'` : `"Authorization: Bearer $ADAPTERKIT_TOKEN"`}`;
    const inboundLines = standIns
      ? await showInboundLoop({
          serviceUrl,
          auth,
          ensureTrigger: (installationId) => service.ensureDemoTrigger(installationId),
          standIns,
          installations,
        }).catch((error: unknown) => [`inbound demo failed: ${error instanceof Error ? error.message : String(error)}`])
      : [];

    const lines = [
      "",
      `adapterkit reference service   ${serviceUrl}   (ready: ${serviceUrl}/healthz)`,
      `  store                        ${options.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${dataDir}`}`,
      ...demoLines({ foundFrom: demo.foundFrom, apiToken: demo.apiToken, changes }),
      `  developer portal             ${serviceUrl}/developer/apps   (sign in with an API token of the demo project)`,
      `  marketplace                  ${serviceUrl}/marketplace`,
      `  start a run                  curl -X POST ${demo.triggerUrl} ${auth} -H 'Content-Type: application/json' -d '{"workflow_id":${demo.workflowId}}'`,
      `  demo webhook trigger         curl -X POST ${demo.hookUrl} -d '{"hello":"world"}'`,
      "",
      "sample adapters (signing secrets: curl the Apps' /signing-secret with the token)",
      ...Object.entries(adapters.urls).map(([slug, url]) => `  ${slug.padEnd(28)} ${url}`),
      "",
      `installations in the demo organization   curl ${serviceUrl}/api/v1/installations ${auth}`,
      ...installations.map(
        (i) =>
          `  ${i.app.padEnd(28)} ${i.id}   verified as ${i.verified_user ?? "—"}   curl ${serviceUrl}/api/v1/installations/${i.id} ${auth}`,
      ),
      `  the Apps                     curl ${serviceUrl}/api/v1/apps ${auth}`,
      ...(tasksPlatform
        ? [
            `  connect the tasks account    curl -X POST ${serviceUrl}/api/v1/oauth/connect ${auth} -H 'Content-Type: application/json' -d '{"app":"tasks"}'   (open its authorize_url)`,
          ]
        : []),
      ...(githubWebhook
        ? [
            `  webhook App for GitHub       ${githubWebhook.installation.id}   inbound URL ${githubWebhook.installation.inbound_url}   (payload URL of a repository's webhook, content type application/json; its secret is "${GITHUB_WEBHOOK_ENTRY}" in ${credentialsFile})`,
          ]
        : []),
      ...(filesInstallation && demoFolder
        ? [
            `  synced documents (files)     curl ${serviceUrl}/api/v1/installations/${filesInstallation.id}/documents ${auth}`,
          ]
        : []),
      ...(toolServer
        ? [
            `  tool server (MCP) Skill      ${toolServer.tools.length} tools (${toolServer.tools.map((t) => t.name).join(", ")}) from ${toolServer.url}   curl ${serviceUrl}/api/v1/skills/${toolServer.skill_id} ${auth}`,
          ]
        : []),
      ...(standIns
        ? [
            "",
            `stand-in platforms (credentials that work against them: ${credentialsFile})`,
            ...standIns.summaries.map((s) => `  ${s.adapter.padEnd(28)} ${s.url}   ${s.what}`),
            ...(previous.size > 0 ? [`  (each on its port of the last start when that was free: D464)`] : []),
          ]
        : []),
      ...inboundLines,
      "",
      "Ctrl-C stops everything.",
    ];
    console.log(lines.join("\n"));

    await new Promise<void>((done) => {
      const stop = () => done();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    step("shutting down");
    await Promise.allSettled([service.close(), adapters.close(), standIns?.close()]);
  },
});

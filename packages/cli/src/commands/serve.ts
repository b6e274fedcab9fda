import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { chatAdapter } from "@adapterkit/adapter-chat";
import { filesAdapter } from "@adapterkit/adapter-files";
import { mailAdapter } from "@adapterkit/adapter-mail";
import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { mountAdapters } from "@adapterkit/sdk";
import { createService, serviceOptionsFromEnv } from "@adapterkit/service";
import { defineCommand } from "../define-command.ts";
import { startStandIns } from "../serve/start-stand-ins.ts";

/** The four sample adapters `npm start` serves. */
export const SAMPLE_ADAPTERS = [mailAdapter, chatAdapter, webhookAdapter, filesAdapter] as const;

/** `adapterkit serve` (`npm start`): the reference service, the sample adapters and their local platforms (D28). */
export const serveCommand = defineCommand({
  command: "serve",
  describe: "Serve the reference service (PORT, default 3000) and the sample adapters (ADAPTERS_PORT, default 3100)",
  options: {
    port: { type: "number", default: Number(process.env.PORT ?? 3000), describe: "Service port" },
    "adapters-port": { type: "number", default: Number(process.env.ADAPTERS_PORT ?? 3100), describe: "Adapters port" },
    host: { type: "string", default: process.env.HOST ?? "127.0.0.1", describe: "Interface to listen on" },
    "stand-ins": { type: "boolean", default: true, describe: "Start local stand-ins of the sample platforms" },
  },
  handler: async (args) => {
    const step = (text: string) => console.log(`serve: ${text}`);
    step("starting the sample platforms' stand-ins");
    const standIns = args.standIns ? await startStandIns() : undefined;
    step(`serving ${SAMPLE_ADAPTERS.length} sample adapters`);
    const adapters = await mountAdapters([...SAMPLE_ADAPTERS], {
      port: args.adaptersPort,
      host: args.host,
      handleSignals: false,
    });
    step("opening the store and starting the service");
    const env = serviceOptionsFromEnv();
    // A15: the service's own adapters and stand-ins listen on loopback, which user-supplied URLs may not reach.
    const ownHosts = [...Object.values(adapters.urls), ...(standIns?.summaries.map((s) => s.url) ?? [])].flatMap(
      (url) => {
        const { host, port } = new URL(url);
        return [host, `localhost:${port}`, `127.0.0.1:${port}`];
      },
    );
    const options = { ...env, allowedHosts: [...new Set([...(env.allowedHosts ?? []), ...ownHosts])] };
    const service = await createService(options);
    const serviceUrl = await service.listen(args.port, args.host);
    const demo = await service.bootstrapDemo();

    const dataDir = resolve(options.dataDir ?? "data");
    await mkdir(dataDir, { recursive: true });
    const credentialsFile = join(dataDir, "demo-credentials.json");
    if (standIns) await writeFile(credentialsFile, `${JSON.stringify(standIns.summaries, null, 2)}\n`, { mode: 0o600 });

    const lines = [
      "",
      `adapterkit reference service   ${serviceUrl}   (ready: ${serviceUrl}/healthz)`,
      `  store                        ${options.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${dataDir}`}`,
      `  API token (shown once)       ${demo.apiToken}`,
      `  start a run                  curl -X POST ${demo.triggerUrl} -H 'Authorization: Bearer ${demo.apiToken}' -H 'Content-Type: application/json' -d '{"workflow_id":${demo.workflowId}}'`,
      `  demo webhook trigger         curl -X POST ${demo.hookUrl} -d '{"hello":"world"}'`,
      "",
      "sample adapters",
      ...Object.entries(adapters.urls).map(([slug, url]) => `  ${slug.padEnd(28)} ${url}`),
      ...(standIns
        ? [
            "",
            `stand-in platforms (credentials that work against them: ${credentialsFile})`,
            ...standIns.summaries.map((s) => `  ${s.adapter.padEnd(28)} ${s.url}   ${s.what}`),
          ]
        : []),
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

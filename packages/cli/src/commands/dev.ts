import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { standardWebhookKey } from "@adapterkit/sdk";
import { CliError } from "../cli-error.ts";
import { defineCommand } from "../define-command.ts";
import { createDevPrinter } from "../dev/create-dev-printer.ts";
import type { DevEvent } from "../dev/dev-event.ts";
import { freePort } from "../dev/free-port.ts";
import { startDevSession } from "../dev/start-dev-session.ts";
import { watchProject } from "../dev/watch-project.ts";

const DEFAULT_FIXTURES = "conformance.fixtures.json";
const WHSEC = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/**
 * `adapterkit dev`: in a project `adapterkit new` made, runs the adapter, restarts it on save and runs the
 * conformance checks again after each start, printing what changed since the last run (D440–D444). Ctrl-C or
 * SIGTERM stops the adapter it started and exits 0.
 */
export const devCommand = defineCommand({
  command: "dev",
  describe: "Run the adapter project here, restart it on save and re-run the conformance checks, like a watch mode",
  options: {
    dir: { type: "string", default: ".", describe: "The adapter project (made by adapterkit new)" },
    entry: { type: "string", default: "src/main.ts", describe: "The file that serves the adapter" },
    fixtures: { type: "string", describe: `Fixtures file (default: ${DEFAULT_FIXTURES} when the project has one)` },
    port: { type: "number", default: 0, describe: "Port the adapter listens on (0: a free one, kept across restarts)" },
    "signing-secret": {
      type: "string",
      describe: "The whsec_ secret to serve and sign with (default: $ADAPTER_SIGNING_SECRET, else a new random one)",
    },
    level: {
      choices: ["required", "all"] as const,
      default: "all" as const,
      describe: "required: leave out recommended checks",
    },
    logs: { type: "boolean", default: false, describe: "Show the adapter's own output, each line after `adapter| `" },
    json: { type: "boolean", default: false, describe: "One JSON object per line for each event, for machines" },
  },
  handler: async (args) => {
    const dir = resolve(args.dir);
    const entry = resolve(dir, args.entry);
    if (!existsSync(entry))
      throw new CliError("usage", `${entry} does not exist: run dev in a project adapterkit new made, or give --entry`);
    const fixtures = fixturesPath(dir, args.fixtures);
    const secret = signingSecretOf(args.signingSecret);
    const port = args.port === 0 ? await freePort() : args.port;
    const emit: (event: DevEvent) => void = args.json
      ? (event) => process.stdout.write(`${JSON.stringify(event)}\n`)
      : createDevPrinter(process.stdout, { live: process.stdout.isTTY === true });
    // Node.js 24 runs the project's TypeScript itself (type stripping), as its `npm start` does: no loader.
    const nodeArgs = [relative(dir, entry)];
    let session: ReturnType<typeof startDevSession> | undefined;
    const watch = watchProject(dir, (files) => session?.changed(files), { debounceMs: 150 });
    emit({
      type: "session",
      dir,
      command: ["node", ...nodeArgs],
      port,
      signingSecret: secret.value,
      secretFrom: secret.from,
      fixtures: fixtures === undefined ? null : relative(dir, fixtures),
      watching: watch.folders,
      logs: args.logs,
    });
    session = startDevSession({
      dir,
      nodeArgs,
      fixtures,
      port,
      signingSecret: secret.value,
      level: args.level,
      env: process.env,
      startTimeoutMs: 60_000,
      emit,
      ...(args.logs ? { onAdapterLine: (line: string) => process.stderr.write(`adapter| ${line}\n`) } : {}),
    });
    const running = session;
    const signal = await new Promise<NodeJS.Signals>((done) => {
      process.once("SIGINT", done).once("SIGTERM", done);
    });
    watch.close();
    await running.stop(signal);
    return 0;
  },
});

function fixturesPath(dir: string, given: string | undefined): string | undefined {
  if (given !== undefined) {
    const path = resolve(given);
    if (!existsSync(path)) throw new CliError("usage", `--fixtures ${given}: no such file`);
    return path;
  }
  const path = join(dir, DEFAULT_FIXTURES);
  return existsSync(path) ? path : undefined;
}

/** The flag, else the environment, else 32 bytes from the CSPRNG as a whsec_ secret; a malformed one is refused. */
function signingSecretOf(flag: string | undefined): { value: string; from: "flag" | "environment" | "generated" } {
  const given = flag ?? (process.env.ADAPTER_SIGNING_SECRET || undefined);
  if (given === undefined) return { value: `whsec_${randomBytes(32).toString("base64")}`, from: "generated" };
  if (!WHSEC.test(given) || standardWebhookKey(given).length < 16)
    throw new CliError("usage", "the signing secret must be whsec_ followed by at least 16 key bytes in base64");
  return { value: given, from: flag === undefined ? "environment" : "flag" };
}

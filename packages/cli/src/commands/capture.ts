import { readFile, writeFile } from "node:fs/promises";
import {
  buildCapturedFixtures,
  type CapturedExchange,
  ConformanceUsageError,
  describeExchange,
  FixturesError,
  loadFixtures,
  readCaptureFile,
  replayPlatformRequests,
  startCaptureProxy,
} from "@adapterkit/conformance";
import { CliError } from "../cli-error.ts";
import { defineCommand } from "../define-command.ts";

/**
 * `adapterkit capture <adapter_url> --out F`: records the inbound traffic an adapter gets (through a recording
 * proxy, or replayed from `--from` a file of platform requests) and writes fixtures whose samples expect the
 * adapter's own answers, for the author to confirm. Exit 0 written, 1 nothing captured, 2 usage or fixtures error.
 *
 * @example adapterkit capture http://127.0.0.1:3100/webhook --listen 4700 --base conformance.fixtures.json --out captured.json
 */
export const captureCommand = defineCommand({
  command: "capture <adapter_url>",
  describe: "Record inbound platform traffic to an adapter and write it as conformance fixtures samples",
  positional: {
    adapter_url: {
      describe: "Base URL of the adapter, e.g. http://127.0.0.1:3100/webhook",
      type: "string",
      demandOption: true,
    },
  },
  options: {
    out: { type: "string", demandOption: true, describe: "Fixtures file to write" },
    listen: { type: "number", describe: "Port of the recording proxy on 127.0.0.1 (default: a free one)" },
    from: {
      type: "string",
      describe: "Replay captured platform requests from this file (JSON Lines, JSON array or HAR)",
    },
    base: { type: "string", describe: "Fixtures file to start from: all but inbound.samples is kept from it" },
    count: { type: "number", describe: "Stop the proxy after this many captured requests (default: at Ctrl-C)" },
    mode: { choices: ["trigger", "front_desk"] as const, describe: "--from: mode of requests that name none" },
    "signing-secret": {
      type: "string",
      describe: "--from: the adapter's whsec_ secret (default: $ADAPTER_SIGNING_SECRET)",
    },
  },
  handler: async (args) => {
    if (args.from !== undefined && args.listen !== undefined)
      throw new CliError("usage", "--from replays a file and --listen starts a proxy: give one of them");
    const adapterUrl = String(args.adapter_url ?? args.adapterUrl ?? "");
    if (!/^https?:\/\//.test(adapterUrl)) throw new CliError("usage", `adapter_url must be an http(s) URL`);
    try {
      const base = args.base === undefined ? undefined : await loadFixtures(args.base);
      const signingSecret = args.signingSecret ?? (process.env.ADAPTER_SIGNING_SECRET || undefined);
      const calls = {
        adapterUrl,
        ...(base === undefined ? {} : { credentials: base.credentials.good }),
        ...(signingSecret === undefined ? {} : { signingSecret }),
        ...(args.mode === undefined ? {} : { mode: args.mode }),
      };
      const exchanges =
        args.from === undefined
          ? await recordThroughProxy(calls, args.listen, args.count)
          : await replayFile(calls, args.from);
      if (exchanges.length === 0) throw new CliError("failed", "nothing was captured; no fixtures written");
      const { fixtures, review } = await buildCapturedFixtures(exchanges, base === undefined ? {} : { base });
      await writeFile(args.out, `${JSON.stringify(fixtures, null, 2)}\n`);
      process.stdout.write(
        `\nReview before you commit ${args.out}:\n${review.map((note) => `  - ${note}\n`).join("")}`,
      );
      process.stdout.write(`Wrote ${exchanges.length} captured sample(s) to ${args.out}.\n`);
    } catch (error) {
      if (error instanceof FixturesError || error instanceof ConformanceUsageError)
        throw new CliError("usage", error.message, { cause: error });
      throw error;
    }
  },
});

/** How capture reaches the adapter, and what it sends when it makes the calls itself. */
interface AdapterCalls {
  readonly adapterUrl: string;
  readonly credentials?: Readonly<Record<string, unknown>>;
  readonly signingSecret?: string;
  readonly mode?: "trigger" | "front_desk";
}

async function recordThroughProxy(calls: AdapterCalls, port: number | undefined, count: number | undefined) {
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const proxy = await startCaptureProxy({
    ...calls,
    ...(port === undefined ? {} : { port }),
    onCapture: (exchange, captured) => {
      process.stdout.write(`${describeExchange(exchange, captured)}\n`);
      if (count !== undefined && captured >= count) stop();
    },
  }).catch((error: unknown) => {
    throw new CliError("usage", `cannot listen on 127.0.0.1:${port ?? 0}: ${(error as Error).message}`, {
      cause: error,
    });
  });
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdout.write(
    `adapterkit capture: recording proxy for ${calls.adapterUrl} at ${proxy.url}\n` +
      (calls.credentials === undefined
        ? ""
        : `Platform webhooks: ${proxy.platformUrl}/… (verified and parsed as the service would)\n`) +
      `Point the service (the App's adapter URL) at it; ${count === undefined ? "Ctrl-C" : `${count} request(s) or Ctrl-C`} ends the capture.\n`,
  );
  try {
    await stopped;
    return proxy.exchanges();
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    await proxy.close();
  }
}

async function replayFile(calls: AdapterCalls, file: string): Promise<CapturedExchange[]> {
  const text = await readFile(file, "utf8").catch((error: unknown) => {
    throw new CliError("usage", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  });
  return await replayPlatformRequests({
    ...calls,
    requests: readCaptureFile(text, file),
    onCapture: (exchange, count) => process.stdout.write(`${describeExchange(exchange, count)}\n`),
    onSkip: (number, why) => process.stdout.write(`[skipped request ${number}] ${why}\n`),
  });
}

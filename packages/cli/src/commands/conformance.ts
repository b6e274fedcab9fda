import { writeFile } from "node:fs/promises";
import {
  CONFORMANCE_PROFILES,
  type ConformanceReport,
  ConformanceUsageError,
  createProgressPrinter,
  FixturesError,
  type RunResult,
  renderHtmlReport,
  renderJson,
  renderJunit,
  renderPretty,
  runConformance,
} from "@adapterkit/conformance";
import { CliError, EXIT_CODES, type ExitReason } from "../cli-error.ts";
import { defineCommand } from "../define-command.ts";

const REPORTERS = ["pretty", "json", "junit", "html"] as const;

/** Each result a report can carry, as the CLI's exit reason; a usage or fixtures error throws instead (exit 2). */
export const EXIT_REASON_OF_RESULT = {
  passed: "ok",
  failed: "failed",
  unreachable: "unreachable",
} as const satisfies Record<RunResult, ExitReason>;

/**
 * `adapterkit conformance <adapter_url>`: runs the conformance checks against an adapter
 * (architecture.md#conformance-runner). Exit 0 every required check passed, 1 one failed, 2 usage or fixtures error, 3
 * adapter unreachable.
 */
export const conformanceCommand = defineCommand({
  command: "conformance <adapter_url>",
  describe: "Run the conformance checks against an adapter URL (its last path segment is the slug)",
  positional: {
    adapter_url: {
      describe: "Base URL of the adapter, e.g. http://localhost:3100/chat",
      type: "string",
      demandOption: true,
    },
  },
  options: {
    fixtures: { type: "string", describe: "Fixtures file (JSON; conformance/fixtures.schema.json)" },
    only: { type: "string", array: true, describe: "Run only these check ids or groups (comma-separated or repeated)" },
    skip: { type: "string", array: true, describe: "Leave out these check ids or groups" },
    profile: {
      choices: CONFORMANCE_PROFILES,
      default: "default" as const,
      describe:
        "review: also run the slow checks (a platform that hangs; each waits up to a contract time-out), as the portal's review does",
    },
    level: {
      choices: ["required", "all"] as const,
      default: "all" as const,
      describe: "required: leave out recommended checks",
    },
    reporter: { choices: REPORTERS, default: "pretty" as const, describe: "Output format" },
    out: { type: "string", describe: "Write the report to this file instead of standard output" },
    "signing-secret": {
      type: "string",
      describe:
        "The adapter's whsec_ secret: sign calls (D9) and run the security checks (default: $ADAPTER_SIGNING_SECRET; " +
        "prefer the variable, a flag shows in the process list)",
    },
    timeout: {
      type: "number",
      describe:
        "Per-call timeout in ms for every endpoint (default: the contract's, D11: 10 s, /health 5 s, fetch-file 60 s)",
    },
    concurrency: { type: "number", default: 4, describe: "Checks run at once" },
    "latency-budget": {
      type: "number",
      describe: "p95 budget in ms for performance.p95-budget (default: fixtures, else 500)",
    },
  },
  handler: async (args) => {
    const adapterUrl = String(args.adapter_url ?? args.adapterUrl ?? "");
    // The environment keeps the secret out of `ps`; the flag still wins, for a one-off run against another secret.
    const signingSecret = args.signingSecret ?? (process.env.ADAPTER_SIGNING_SECRET || undefined);
    const color = args.out === undefined && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
    let report: ConformanceReport;
    try {
      report = await runConformance({
        adapterUrl,
        ...(args.fixtures === undefined ? {} : { fixtures: args.fixtures }),
        only: splitList(args.only),
        skip: splitList(args.skip),
        profile: args.profile,
        level: args.level,
        ...(signingSecret === undefined ? {} : { signingSecret }),
        ...(args.timeout === undefined ? {} : { timeoutMs: args.timeout }),
        concurrency: args.concurrency,
        ...(args.latencyBudget === undefined ? {} : { latencyBudgetMs: args.latencyBudget }),
        ...(args.reporter === "pretty" ? { onProgress: createProgressPrinter(process.stdout, { color }) } : {}),
      });
    } catch (error) {
      if (error instanceof FixturesError || error instanceof ConformanceUsageError)
        throw new CliError("usage", error.message, { cause: error });
      throw error;
    }
    const text = renderReport(report, args.reporter, color);
    if (args.out === undefined) process.stdout.write(text);
    else await writeFile(args.out, text);
    if (report.result === "unreachable")
      process.stderr.write(`adapterkit: ${report.error ?? "the adapter is unreachable"}\n`);
    return EXIT_CODES[EXIT_REASON_OF_RESULT[report.result]];
  },
});

/** The report in the chosen format; a switch over the reporters, so a new one without a renderer fails to compile. */
function renderReport(report: ConformanceReport, reporter: (typeof REPORTERS)[number], color: boolean): string {
  switch (reporter) {
    case "json":
      return renderJson(report);
    case "junit":
      return renderJunit(report);
    case "html":
      return renderHtmlReport(report);
    case "pretty":
      return renderPretty(report, { color });
  }
}

/** `--only a,b --only c` → `["a", "b", "c"]`. */
function splitList(values: readonly (string | number)[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => String(value).split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

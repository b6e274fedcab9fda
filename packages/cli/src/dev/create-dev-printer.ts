import type { CheckFailure, CheckResult } from "@adapterkit/conformance";
import type { DevEvent } from "./dev-event.ts";

/** Newly failing checks shown with their first failure; the rest of a long list by id only (D443). */
const DETAILED_FAILURES = 10;
/** The first run of a new project fails dozens of checks at once: fewer details, the ids say the rest. */
const DETAILED_FAILURES_FIRST_RUN = 3;
/** Still-failing checks named by id up to this many; past it only their count. */
const NAMED_STILL_FAILING = 5;
const LONG_VALUE = 400;

/** Where the printer writes: a stream-like object; `live` redraws one progress line in place (a terminal). */
export interface DevSink {
  write(text: string): unknown;
}

/**
 * The text of `adapterkit dev`, readable without colour: a banner, one line per restart, a progress line while
 * the checks run (redrawn in place when `live`, a line per quarter otherwise), then what changed since the last run.
 * @example session.emit = createDevPrinter(process.stdout, { live: process.stdout.isTTY === true });
 */
export function createDevPrinter(sink: DevSink, options: { live: boolean }): (event: DevEvent) => void {
  let progressShown = false;
  const print = (...lines: string[]) => {
    if (progressShown) sink.write(`\r${" ".repeat(60)}\r`);
    progressShown = false;
    sink.write(`${lines.join("\n")}\n`);
  };
  return (event) => {
    switch (event.type) {
      case "session":
        return print(...sessionLines(event));
      case "change":
        return print("", `changed: ${event.files.join(", ")}`);
      case "starting":
        return print(`starting the adapter (start ${event.start})`);
      case "serving":
        return print(`serving ${event.url} (pid ${event.pid})`);
      case "adapter-exit":
        return print(...exitLines(event));
      case "fixtures-error":
        return print(`the fixtures are not valid: ${event.message}`);
      case "run-start":
        if (options.live) {
          sink.write(`run ${event.run}: 0/${event.total} checks`);
          progressShown = true;
          return;
        }
        return print(`run ${event.run}: ${event.total} checks against ${event.url}`);
      case "run-progress":
        if (options.live) {
          sink.write(`\rrun ${event.run}: ${event.done}/${event.total} checks`);
          progressShown = true;
          return;
        }
        if (isQuarterMark(event.done, event.total)) print(`  ${event.done}/${event.total} checks done`);
        return;
      case "run-end":
        return print(...runEndLines(event));
      case "run-unreachable":
        return print(`run ${event.run}: the adapter did not answer: ${event.error}`);
      case "run-discarded":
        return print(`run ${event.run}: dropped, ${event.reason}`);
      case "run-error":
        return print(`run ${event.run}: could not run: ${event.message}`);
      case "idle":
        return print("watching for changes (Ctrl-C stops)");
      case "stopped":
        return print(`stopped (${event.signal}); the adapter dev started is stopped`);
    }
  };
}

function sessionLines(event: Extract<DevEvent, { type: "session" }>): string[] {
  const from = {
    flag: "from --signing-secret",
    environment: "from ADAPTER_SIGNING_SECRET",
    generated: "generated for this session",
  }[event.secretFrom];
  return [
    `adapterkit dev ${event.dir}`,
    `  runs            ${event.command.join(" ")}`,
    `  port            ${event.port}`,
    `  signing secret  ${event.signingSecret}`,
    `                  (${from}; the adapter gets it as ADAPTER_SIGNING_SECRET and the checks sign with it)`,
    `  fixtures        ${event.fixtures ?? "none (the runner's defaults)"}`,
    `  watching        ${event.watching.join(", ")} (node_modules, dist, coverage, .git left out)`,
    `  adapter log     ${event.logs ? "shown, each line after adapter|" : "hidden (--logs shows it)"}`,
    "",
  ];
}

function exitLines(event: Extract<DevEvent, { type: "adapter-exit" }>): string[] {
  const how = event.signal === null ? `with code ${event.code}` : `on ${event.signal}`;
  const head = event.timedOut
    ? "the adapter did not log that it listens in time; dev stopped it"
    : event.phase === "starting"
      ? `the adapter exited ${how} before it listened`
      : `the adapter exited ${how}`;
  if (event.tail.length === 0) return [`${head}; it wrote nothing`];
  return [`${head}; the last lines it wrote:`, ...event.tail.map((line) => `  | ${line}`)];
}

function runEndLines(event: Extract<DevEvent, { type: "run-end" }>): string[] {
  const { summary } = event;
  const seconds = (event.durationMs / 1000).toFixed(1);
  const verdict = event.result === "passed" ? "PASSED" : "FAILED";
  const lines = [
    `run ${event.run}: ${verdict}  ${summary.passed} passed, ${summary.failed} failed (${summary.required_failed} required), ` +
      `${summary.not_applicable} not applicable, ${summary.skipped} skipped in ${seconds} s`,
  ];
  const label = event.first ? "failing" : "newly failing";
  event.newlyFailing.forEach((check, index) => {
    lines.push(`  ${label}  ${check.id} (${check.level})`);
    if (index < (event.first ? DETAILED_FAILURES_FIRST_RUN : DETAILED_FAILURES))
      lines.push(...firstFailureLines(check));
  });
  for (const check of event.newlyPassing)
    lines.push(`  newly passing  ${check.id}${check.status === "passed" ? "" : " (now not applicable)"}`);
  if (event.stillFailing.length > 0) {
    const named = event.stillFailing.length <= NAMED_STILL_FAILING ? `: ${event.stillFailing.join(", ")}` : "";
    lines.push(`  still failing  ${event.stillFailing.length}${named}`);
  }
  if (!event.first && event.newlyFailing.length === 0 && event.newlyPassing.length === 0)
    lines.push("  no change since the last run");
  return lines;
}

/** The first failure of a check as the conformance reporter shows it, without the curl line (`conformance` has it). */
function firstFailureLines(check: CheckResult): string[] {
  const failure: CheckFailure | undefined = check.failures[0];
  if (failure === undefined) return check.reason === undefined ? [] : [`      ${check.reason}`];
  const field = (name: string, value: string | undefined) =>
    value === undefined ? [] : [`      ${`${name}:`.padEnd(10)}${shorten(value)}`];
  const more = check.failures.length > 1 ? [`      (${check.failures.length - 1} more failure(s) in this check)`] : [];
  return [
    `      ${failure.endpoint}: ${shorten(failure.message)}`,
    ...field("step", failure.step),
    ...field("pointer", failure.pointer === "" ? "(whole body)" : failure.pointer),
    ...field("expected", failure.expected),
    ...field("actual", failure.actual),
    ...more,
  ];
}

function shorten(value: string): string {
  const flat = value.replaceAll("\n", " ");
  return flat.length > LONG_VALUE ? `${flat.slice(0, LONG_VALUE)}…` : flat;
}

/** True when `done` is the first count past a quarter of `total` (and at the end). */
function isQuarterMark(done: number, total: number): boolean {
  return Math.floor((done * 4) / total) > Math.floor(((done - 1) * 4) / total);
}

import { readFileSync } from "node:fs";

let cached: string | undefined;

/** The version of `@adapterkit/conformance`, written into every report. */
export function runnerVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string })
    .version;
  return cached;
}

/** The runner's package name. */
export const RUNNER_NAME = "@adapterkit/conformance";

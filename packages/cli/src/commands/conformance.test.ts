import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { RUN_RESULTS } from "@adapterkit/conformance";
import {
  ADAPTER_SIGNING_SECRET,
  REFERENCE_FIXTURES,
  type RunningAdapter,
  startReferenceAdapter,
} from "@adapterkit/conformance/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CliError, EXIT_CODES } from "../cli-error.ts";
import { conformanceCommand, EXIT_REASON_OF_RESULT } from "./conformance.ts";
import { parseCommandForTest, runCommandForTest, useCommandSandbox } from "./run-command-for-test.ts";

const sandbox = useCommandSandbox("conformance-cli-");
const { stdout } = sandbox.output;
let adapter: RunningAdapter | undefined;

afterEach(async () => {
  await adapter?.close();
  adapter = undefined;
});

const exitCodeOf = (argv: string[]) => runCommandForTest([conformanceCommand], argv);

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/gone`;
}

const signed = ["--fixtures", REFERENCE_FIXTURES, "--signing-secret", ADAPTER_SIGNING_SECRET];

describe("adapterkit conformance", () => {
  it("maps every result a report can carry to its exit code through EXIT_CODES", () => {
    const codes = Object.fromEntries(RUN_RESULTS.map((result) => [result, EXIT_CODES[EXIT_REASON_OF_RESULT[result]]]));
    expect(codes).toEqual({ passed: 0, failed: 1, unreachable: 3 });
  });

  it("exits 0 when every required check passes, writing the JSON report to --out", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    const out = join(sandbox.dir, "report.json");
    expect(
      await exitCodeOf([
        "conformance",
        adapter.url,
        ...signed,
        "--reporter",
        "json",
        "--out",
        out,
        "--latency-budget",
        "60000",
      ]),
    ).toBe(0);
    const report = JSON.parse(await readFile(out, "utf8")) as {
      result: string;
      summary: { failed: number; passed: number };
    };
    expect(report.result).toBe("passed");
    expect(report).not.toHaveProperty("exit_code");
    expect(report.summary.failed).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(40);
  });

  it("calls each endpoint with the contract's timeout, and every endpoint with --timeout when given", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    const timeoutsOf = async (extra: string[]) => {
      const out = join(sandbox.dir, `report-${extra.length}.json`);
      const args = ["conformance", adapter!.url, ...signed, "--only", "health", "--reporter", "json", "--out", out];
      expect(await exitCodeOf([...args, ...extra])).toBe(0);
      return (JSON.parse(await readFile(out, "utf8")) as { options: { timeouts_ms: Record<string, number> } }).options
        .timeouts_ms;
    };
    expect(await timeoutsOf([])).toMatchObject({ health: 5_000, verify: 10_000, "fetch-file": 60_000 });
    const overridden = await timeoutsOf(["--timeout", "7000"]);
    expect(new Set(Object.values(overridden))).toEqual(new Set([7_000]));
  });

  it("runs the review profile with --profile review and says so in the report", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    const out = join(sandbox.dir, "review.json");
    const argv = ["conformance", adapter.url, ...signed, "--profile", "review", "--only", "health"];
    expect(await exitCodeOf([...argv, "--reporter", "json", "--out", out])).toBe(0);
    const { options } = JSON.parse(await readFile(out, "utf8")) as { options: Record<string, unknown> };
    expect(options).toMatchObject({ profile: "review", slow_budget_ms: 0 });
  });

  it("signs with ADAPTER_SIGNING_SECRET when --signing-secret is absent, and the flag wins over it", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    const signedRun = async (extra: string[]) => {
      const out = join(sandbox.dir, `signed-${extra.length}.json`);
      const code = await exitCodeOf([
        "conformance",
        adapter!.url,
        "--fixtures",
        REFERENCE_FIXTURES,
        "--only",
        "security,verify",
        "--reporter",
        "json",
        "--out",
        out,
        ...extra,
      ]);
      return {
        code,
        signed: (JSON.parse(await readFile(out, "utf8")) as { options: { signed: boolean } }).options.signed,
      };
    };
    vi.stubEnv("ADAPTER_SIGNING_SECRET", ADAPTER_SIGNING_SECRET);
    expect(await signedRun([])).toEqual({ code: 0, signed: true });
    vi.stubEnv("ADAPTER_SIGNING_SECRET", "whsec_d3JvbmctYnV0LXdlbGwtZm9ybWVkLXNlY3JldA==");
    expect(await signedRun(["--signing-secret", ADAPTER_SIGNING_SECRET])).toEqual({ code: 0, signed: true });
  });

  it("runs unsigned when neither --signing-secret nor ADAPTER_SIGNING_SECRET is set, and a signed adapter refuses it", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    vi.stubEnv("ADAPTER_SIGNING_SECRET", "");
    const out = join(sandbox.dir, "unsigned.json");
    const argv = [
      "conformance",
      adapter.url,
      "--fixtures",
      REFERENCE_FIXTURES,
      "--only",
      "verify",
      "--reporter",
      "json",
      "--out",
      out,
    ];
    expect(await exitCodeOf(argv)).toBe(1);
    expect((JSON.parse(await readFile(out, "utf8")) as { options: { signed: boolean } }).options.signed).toBe(false);
  });

  it("exits 1 when a required check fails, and the pretty report names it", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET, healthPatch: { status: "ok" } });
    expect(await exitCodeOf(["conformance", adapter.url, ...signed, "--only", "health"])).toBe(1);
    const text = stdout.join("");
    expect(text).toContain("FAIL health.status-ready");
    expect(text).toContain("expected: ");
    expect(text).toContain("FAILED: 1 required check(s) failed");
  });

  it("writes the HTML report to --out with --reporter html, and still exits 1 on a required failure", async () => {
    adapter = await startReferenceAdapter({
      signingSecret: ADAPTER_SIGNING_SECRET,
      healthPatch: { status: "<b>ok</b>" },
    });
    const out = join(sandbox.dir, "report.html");
    expect(
      await exitCodeOf(["conformance", adapter.url, ...signed, "--only", "health", "--reporter", "html", "--out", out]),
    ).toBe(1);
    const html = await readFile(out, "utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("FAILED: 1 required check(s) failed");
    expect(html).toContain("&lt;b&gt;ok&lt;/b&gt;");
    expect(stdout.join("")).toBe("");
  });

  it("exits 0 when only a recommended check fails", async () => {
    adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    expect(
      await exitCodeOf(["conformance", adapter.url, ...signed, "--only", "performance", "--latency-budget", "0.001"]),
    ).toBe(0);
    expect(stdout.join("")).toContain("FAIL performance.p95-budget");
  });

  it("exits 2 on a fixtures file that breaks the schema, naming the bad field's pointer", async () => {
    adapter = await startReferenceAdapter();
    const fixtures = join(sandbox.dir, "fixtures.json");
    await writeFile(
      fixtures,
      JSON.stringify({ credentials: { good: {}, bad: {} }, platform: { routes: [{ path: "no-slash" }] } }),
    );
    const error = await parseCommandForTest(
      [conformanceCommand],
      ["conformance", adapter.url, "--fixtures", fixtures],
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as CliError).message).toContain("/platform/routes/0/path");
  });

  it("exits 2 on a fixtures file that is not JSON, an unknown check id, and a bad URL", async () => {
    adapter = await startReferenceAdapter();
    const fixtures = join(sandbox.dir, "broken.json");
    await writeFile(fixtures, "{ not json");
    expect(await exitCodeOf(["conformance", adapter.url, "--fixtures", fixtures])).toBe(2);
    expect(await exitCodeOf(["conformance", adapter.url, "--only", "health.no-such-check"])).toBe(2);
    expect(await exitCodeOf(["conformance", "ftp://example.test/x"])).toBe(2);
  });

  it("exits 3 when the adapter is unreachable, and runs no check", async () => {
    const out = join(sandbox.dir, "report.xml");
    expect(
      await exitCodeOf([
        "conformance",
        await closedPortUrl(),
        "--reporter",
        "junit",
        "--out",
        out,
        "--timeout",
        "2000",
      ]),
    ).toBe(3);
    const xml = await readFile(out, "utf8");
    expect(xml).toContain('name="result" value="unreachable"');
    expect(xml).not.toContain("<failure");
  });
});

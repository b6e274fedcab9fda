import { ADAPTER_ENDPOINTS } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAdapter, startReferenceAdapter } from "../../test/reference-adapter.ts";
import type { ConformanceCheck } from "../context.ts";
import { FixturesError } from "../fixtures/fixtures-error.ts";
import { failed, passed } from "../outcome.ts";
import type { ProgressEvent } from "./conformance-options.ts";
import { runConformance } from "./run-conformance.ts";

let adapter: RunningAdapter;
beforeAll(async () => {
  adapter = await startReferenceAdapter();
});
afterAll(async () => {
  await adapter.close();
});

const check = (id: string, run: ConformanceCheck["run"], extra: Partial<ConformanceCheck> = {}): ConformanceCheck => ({
  id,
  group: "health",
  level: "required",
  rationale: "test",
  appliesWhen: () => true,
  run,
  ...extra,
});

describe("runConformance", () => {
  it("reports a check that throws as failed, naming the step, and the run as failed", async () => {
    const report = await runConformance({
      adapterUrl: adapter.url,
      checks: [check("health.throws", async () => Promise.reject(new Error("boom")))],
    });
    expect(report.checks[0]).toMatchObject({
      status: "failed",
      failures: [{ step: "run", message: "the check threw: boom" }],
    });
    expect(report.result).toBe("failed");
  });

  it("fails a check that overruns its time limit", async () => {
    const report = await runConformance({
      adapterUrl: adapter.url,
      timeoutMs: 200,
      checks: [check("health.hangs", () => new Promise(() => undefined))],
    });
    expect(report.checks[0]).toMatchObject({ status: "failed", failures: [{ step: "time limit" }] });
  });

  it("gives every endpoint the contract's timeout (D11) unless --timeout is given, and reports the ones used", async () => {
    const seen: Record<string, number>[] = [];
    const recordTimeouts = check("health.timeouts", async (ctx) => {
      seen.push({ ...ctx.client.timeouts }, { ...ctx.clientFor({ organizationId: "org_b" }).timeouts });
      return passed();
    });
    const contract = Object.fromEntries(ADAPTER_ENDPOINTS.map((endpoint) => [endpoint.id, endpoint.timeoutMs]));
    const report = await runConformance({ adapterUrl: adapter.url, checks: [recordTimeouts] });
    expect(contract).toMatchObject({ health: 5_000, verify: 10_000, deliver: 10_000, "fetch-file": 60_000 });
    expect(seen).toEqual([contract, contract]);
    expect(report.options.timeouts_ms).toEqual(contract);

    seen.length = 0;
    const overridden = await runConformance({ adapterUrl: adapter.url, timeoutMs: 1_234, checks: [recordTimeouts] });
    const everyOne = Object.fromEntries(ADAPTER_ENDPOINTS.map((endpoint) => [endpoint.id, 1_234]));
    expect(seen).toEqual([everyOne, everyOne]);
    expect(overridden.options.timeouts_ms).toEqual(everyOne);
  });

  it("refuses a --timeout that is not a positive integer", async () => {
    for (const timeoutMs of [0, -1, 1.5])
      await expect(runConformance({ adapterUrl: adapter.url, timeoutMs, checks: [] })).rejects.toThrow(/--timeout/);
  });

  it("reports not_applicable with the reason appliesWhen gives, never a pass", async () => {
    const report = await runConformance({
      adapterUrl: adapter.url,
      checks: [check("health.na", async () => passed(), { appliesWhen: () => "no such capability" })],
    });
    expect(report.checks[0]).toMatchObject({ status: "not_applicable", reason: "no such capability" });
    expect(report.summary).toMatchObject({ passed: 0, not_applicable: 1 });
  });

  it("passes when only a recommended check fails", async () => {
    const report = await runConformance({
      adapterUrl: adapter.url,
      checks: [
        check("health.soft", async () => failed([{ endpoint: "GET /health", message: "slow" }]), {
          level: "recommended",
        }),
      ],
    });
    expect(report.result).toBe("passed");
    expect(report.summary).toMatchObject({ failed: 1, required_failed: 0 });
  });

  it("emits a start event and one start and end event per check, counting up to the total", async () => {
    const events: ProgressEvent[] = [];
    await runConformance({
      adapterUrl: adapter.url,
      only: ["health.a"],
      concurrency: 1,
      checks: [check("health.a", async () => passed()), check("health.b", async () => passed())],
      onProgress: (event) => events.push(event),
    });
    expect(events).toEqual([
      { type: "start", adapterUrl: adapter.url, total: 2 },
      { type: "check-start", id: "health.a" },
      expect.objectContaining({ type: "check-end", id: "health.a", status: "passed", done: 1, total: 2 }),
      expect.objectContaining({ type: "check-end", id: "health.b", status: "skipped", done: 2, total: 2 }),
    ]);
  });

  it("gives checks the stand-in platform programmed from the fixtures' rendered routes", async () => {
    const report = await runConformance({
      adapterUrl: adapter.url,
      fixtures: {
        credentials: { good: {}, bad: {} },
        platform: { routes: [{ method: "GET", path: "/ping", body: { url: "{{platform_url}}" } }] },
      },
      checks: [
        check("health.platform", async (ctx) => {
          const answer = (await (await fetch(`${ctx.platform.url}/ping`)).json()) as { url: string };
          return answer.url === ctx.platform.url ? passed() : failed([{ endpoint: "GET /ping", message: answer.url }]);
        }),
      ],
    });
    expect(report.checks[0]?.status).toBe("passed");
  });

  it("throws a FixturesError before contacting the adapter for fixtures that break the schema", async () => {
    await expect(runConformance({ adapterUrl: adapter.url, fixtures: { credentials: {} } as never })).rejects.toThrow(
      FixturesError,
    );
  });
});

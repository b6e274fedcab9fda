import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type ConformanceReport, type Fixtures, runConformance } from "@adapterkit/conformance";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesAdapter, type filesManifest } from "./index.ts";
import { type FilesStandIn, startFilesStandIn } from "./stand-in.ts";

const FIXTURES = fileURLToPath(new URL("../conformance.fixtures.json", import.meta.url));
const SIGNING_SECRET = "whsec_RklMRVMtY29uZm9ybWFuY2Utc2VydmljZS1rZXk=";
const SOURCES_CHECKS = [
  "verify.good-credentials",
  "verify.bad-credentials",
  "sources.reaches-fixed-point",
  "sources.changed-files-fetchable",
  "sources.tampered-cursor-rejected",
  "stateless.no-bleed",
];

let adapter: StartedAdapter<typeof filesManifest>;
beforeAll(async () => {
  adapter = await startAdapter(filesAdapter, { signingSecret: SIGNING_SECRET });
});
afterAll(() => adapter.close());

function requiredFailures(report: ConformanceReport): string[] {
  return report.checks
    .filter((check) => check.level === "required" && check.status === "failed")
    .map((check) => `${check.id}: ${check.failures.map((failure) => failure.message).join(" | ")}`);
}

const passedIds = (report: ConformanceReport) =>
  report.checks.filter((check) => check.status === "passed").map((check) => check.id);

describe("files adapter conformance", () => {
  it("passes every required check with its own fixtures (the runner's platform as a static WebDAV server)", async () => {
    const report = await runConformance({ adapterUrl: adapter.url, fixtures: FIXTURES, signingSecret: SIGNING_SECRET });
    expect(requiredFailures(report)).toEqual([]);
    expect(report.summary.required_failed).toBe(0);
    expect(passedIds(report)).toEqual(expect.arrayContaining(SOURCES_CHECKS));
  });

  it("passes every required check against a real webdav-server with the same fixtures", async () => {
    let dav: FilesStandIn | undefined;
    try {
      dav = await startFilesStandIn({ users: { alice: "alice-dav-password", bravo: "bravo-dav-password" } });
      const fixtures = JSON.parse(await readFile(FIXTURES, "utf8")) as Fixtures & { platform?: unknown };
      const login = (username: string, password: string) => ({ base_url: dav?.url, username, password });
      const real: Fixtures = {
        ...fixtures,
        credentials: {
          good: login("alice", "alice-dav-password"),
          other: login("bravo", "bravo-dav-password"),
          bad: login("alice", "wrong-dav-password"),
        },
      };
      const report = await runConformance({ adapterUrl: adapter.url, fixtures: real, signingSecret: SIGNING_SECRET });
      expect(requiredFailures(report)).toEqual([]);
      expect(passedIds(report)).toEqual(expect.arrayContaining(SOURCES_CHECKS));
    } finally {
      await dav?.close();
    }
  });
});

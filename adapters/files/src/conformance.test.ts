import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Fixtures } from "@adapterkit/conformance";
import { runAgainstAdapter } from "@adapterkit/conformance/testing";
import { describe, expect, it } from "vitest";
import { filesAdapter } from "./index.ts";
import { type FilesStandIn, startFilesStandIn } from "./stand-in.ts";

const FIXTURES = fileURLToPath(new URL("../conformance.fixtures.json", import.meta.url));
const SOURCES_CHECKS = [
  "verify.good-credentials",
  "verify.bad-credentials",
  "sources.reaches-fixed-point",
  "sources.changed-files-fetchable",
  "sources.tampered-cursor-rejected",
  "stateless.no-bleed",
  "verify.outbound-guard",
];

describe("files adapter conformance", () => {
  it("passes every required check with its own fixtures (the runner's platform as a static WebDAV server)", async () => {
    const { failures, passed, report } = await runAgainstAdapter(filesAdapter, { fixtures: FIXTURES });
    expect(failures).toEqual({});
    expect(report.summary.required_failed).toBe(0);
    expect(passed).toEqual(expect.arrayContaining(SOURCES_CHECKS));
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
      const allowedHosts = [new URL(dav.url).host];
      const { failures, passed } = await runAgainstAdapter(filesAdapter, { fixtures: real, allowedHosts });
      expect(failures).toEqual({});
      expect(passed).toEqual(expect.arrayContaining(SOURCES_CHECKS));
    } finally {
      await dav?.close();
    }
  });
});

import { defineAdapter, defineManifest } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import { statusesOf } from "./broken/behaviour-run.ts";
import { runAgainst } from "./run-against.ts";
import { runAgainstAdapter } from "./run-against-adapter.ts";

/** A public source with no credentials and no capabilities: it requires no POST endpoint at all. */
const publicSource = defineAdapter({
  manifest: defineManifest({ schema_version: "1.0", name: "Public notes", slug: "public-notes" }),
  sources: {
    listChanges: ({ cursor }) => ({
      changes: cursor === null ? [{ path: "/notes/a.txt", fingerprint: "f1", status: "added" as const }] : [],
      cursor: "listed",
    }),
    fetchFile: () => ({ bytes: new TextEncoder().encode("a"), contentType: "text/plain" }),
  },
});

describe("checks whose premise is absent", () => {
  it("are not applicable, with the reason, when the manifest requires no POST endpoint to send to", async () => {
    const { report } = await runAgainstAdapter(publicSource, {
      fixtures: { credentials: { good: {}, bad: {} }, sources: { resource_path: "/notes" } },
      only: ["endpoints.required-implemented", "robustness", "security", "stateless"],
    });
    // /manifest.json and /health stay public (D9) whatever the manifest requires: that one still has a premise.
    expect(statusesOf(report, "security.public-manifest-health")).toEqual({
      "security.public-manifest-health": "passed",
    });
    const judged = report.checks.filter(
      (check) => check.status !== "skipped" && check.id !== "security.public-manifest-health",
    );
    expect(judged.length).toBeGreaterThan(10);
    for (const check of judged) {
      expect(`${check.id}: ${check.status}`).toBe(`${check.id}: not_applicable`);
      expect(check.reason).toMatch(/requires no POST endpoint|no credentials.good|signs every call/);
    }
  });

  it("are not applicable when the listing names no change, and the walk still settles", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "list-changes": async (_request, reference) => {
            const answer = await reference();
            return answer.status === 200 ? { ...answer, body: { ...(answer.body as object), changes: [] } } : answer;
          },
        },
      },
      { only: ["sources"] },
    );
    expect(statusesOf(report, "sources.")).toEqual({
      "sources.reaches-fixed-point": "passed",
      "sources.status-enum": "not_applicable",
      "sources.fingerprint-null-iff-removed": "not_applicable",
      "sources.no-duplicate-paths": "not_applicable",
      "sources.changed-files-fetchable": "not_applicable",
      "sources.changes-under-resource-path": "not_applicable",
      "sources.tampered-cursor-rejected": "passed",
      "sources.foreign-cursor-rejected": "passed",
      "sources.fetch-file-confined": "not_applicable",
      "sources.fingerprints-stable": "not_applicable",
      "sources.unknown-cursor-rejected": "passed",
    });
  });
});

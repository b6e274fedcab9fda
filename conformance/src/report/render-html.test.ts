import { Parser } from "htmlparser2";
import { beforeAll, describe, expect, it } from "vitest";
import { credentialsEchoed } from "../../test/broken/credentials-echoed.ts";
import { runAgainst } from "../../test/run-against.ts";
import { renderHtmlReport } from "./render-html.ts";
import type { ConformanceReport } from "./report.ts";

const SCRIPT = "<script>alert(1)</script>";
const REMOTE_IMAGE = '<img src="https://evil.test/x.png">';

interface Tag {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** Every element of a page, as an HTML parser sees it (so escaped text cannot pass for a tag). */
function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  const parser = new Parser({ onopentag: (name, attributes) => tags.push({ name, attributes }) });
  parser.write(html);
  parser.end();
  return tags;
}

let passing: ConformanceReport;
let hostile: ConformanceReport;
let echoed: ConformanceReport;

beforeAll(async () => {
  passing = await runAgainst({}, { only: ["manifest", "health", "verify"] });
  hostile = await runAgainst(
    {
      manifestPatch: { category: SCRIPT, description: REMOTE_IMAGE },
      healthPatch: { status: `</td>${SCRIPT}` },
    },
    { only: ["manifest", "health"], level: "required" },
  );
  echoed = await runAgainst(credentialsEchoed.adapter, { only: ["robustness.no-credentials-echoed"] });
});

describe("renderHtmlReport", () => {
  it("escapes what the adapter answered, so a <script> in the manifest or health stays text", () => {
    const html = renderHtmlReport(hostile);
    expect(hostile.result).toBe("failed");
    expect(html).not.toContain(SCRIPT);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const tags = tagsOf(html);
    expect(tags.filter((tag) => tag.name === "script" || tag.name === "img")).toEqual([]);
  });

  it("refers to nothing outside the file: no remote src or href, no stylesheet link, no script", () => {
    for (const report of [passing, hostile, echoed]) {
      const tags = tagsOf(renderHtmlReport(report));
      const references = tags.flatMap((tag) => [tag.attributes.src, tag.attributes.href]).filter(Boolean);
      expect(references.every((reference) => reference?.startsWith("#"))).toBe(true);
      expect(tags.filter((tag) => ["link", "script", "iframe", "object", "img"].includes(tag.name))).toEqual([]);
      expect(renderHtmlReport(report)).not.toMatch(/url\(|@import/);
    }
  });

  it("shows each failure with its endpoint, expected, actual, JSON Pointer and curl line", () => {
    const html = renderHtmlReport(hostile);
    expect(html).toContain("FAILED: 2 required check(s) failed");
    expect(html).toContain('<article class="failure" id="failure-manifest.schema"');
    expect(html).toMatch(/<dt>JSON Pointer<\/dt><dd><code>\/category<\/code>/);
    expect(html).toMatch(/<dt>Expected<\/dt>/);
    expect(html).toMatch(/<dt>Actual<\/dt><dd><code>&quot;&lt;\/td&gt;&lt;script&gt;/);
    expect(html).toContain("<pre><code>curl -sS &#39;http://127.0.0.1:");
  });

  it("keeps secrets redacted: an adapter that echoes credentials shows [REDACTED], never the value", () => {
    const html = renderHtmlReport(echoed);
    expect(echoed.checks.find((check) => check.id === "robustness.no-credentials-echoed")?.status).toBe("failed");
    expect(html).toContain("[REDACTED]");
    for (const secret of ["tok_alpha", "whsec_3BLnv1SEHDhSoPLaENTC4lNr25KHgkm9", "3BLnv1SEHDhS"])
      expect(html).not.toContain(secret);
  });

  it("groups checks by area in tables with headers, and labels every status with a word", () => {
    const tags = tagsOf(renderHtmlReport(passing));
    const html = renderHtmlReport(passing);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("PASSED: every required check passed");
    for (const area of ["manifest", "health", "verify"]) expect(html).toContain(`<h3 id="area-${area}">${area}</h3>`);
    expect(tags.filter((tag) => tag.name === "table").length).toBe(tags.filter((tag) => tag.name === "caption").length);
    expect(tags.filter((tag) => tag.name === "th" && tag.attributes.scope === "col").length).toBeGreaterThan(10);
    const statusWords = [...html.matchAll(/<span class="status status-(\w+)">([^<]*(?:<abbr[^>]*>[^<]*<\/abbr>)?)/g)];
    expect(new Set(statusWords.map(([, status, word]) => `${status}:${word?.replace(/<[^>]+>/g, "")}`))).toEqual(
      new Set(["passed:PASS", "skipped:SKIP"]),
    );
    expect(html).toContain("No check failed.");
  });

  it("says no check ran when the adapter was unreachable", () => {
    const html = renderHtmlReport({ ...passing, result: "unreachable", error: "connect ECONNREFUSED", checks: [] });
    expect(html).toContain("UNREACHABLE");
    expect(html).toContain("No check ran: connect ECONNREFUSED.");
    expect(html).not.toContain("<table>");
  });
});

import { describe, expect, it } from "vitest";
import { failuresOf, referenceFixtures, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainst } from "../../../test/run-against.ts";

const NOT_FOUND = { status: 404, body: { ok: false, error: "no such route", code: "not_found" } };
const ONLY = { only: ["sources"] };

describe("the sources checks", () => {
  it("are not applicable when both sources endpoints answer 404 and the fixtures declare no sources (D34)", async () => {
    const fixtures = referenceFixtures();
    delete fixtures.sources;
    const report = await runAgainst(
      { overrides: { "list-changes": () => NOT_FOUND, "fetch-file": () => NOT_FOUND } },
      { ...ONLY, fixtures },
    );
    const statuses = statusesOf(report, "sources.");
    expect(Object.keys(statuses)).toHaveLength(11);
    expect(new Set(Object.values(statuses))).toEqual(new Set(["not_applicable"]));
  });

  it("fail when the fixtures declare sources but list-changes answers 404", async () => {
    const report = await runAgainst(
      { overrides: { "list-changes": () => NOT_FOUND, "fetch-file": () => NOT_FOUND } },
      ONLY,
    );
    expect(failuresOf(report, "sources.reaches-fixed-point")[0]?.message).toContain("HTTP 404");
    expect(failuresOf(report, "sources.status-enum")).toMatchObject([{ step: "listing" }]);
  });

  it("fail when list-changes answers 404 while fetch-file answers the probe otherwise", async () => {
    const fixtures = referenceFixtures();
    delete fixtures.sources;
    const served = { status: 200, body: { content_base64: "eA==" } };
    const report = await runAgainst(
      { overrides: { "list-changes": () => NOT_FOUND, "fetch-file": () => served } },
      { ...ONLY, fixtures },
    );
    expect(statusesOf(report, "sources.reaches-fixed-point")).toEqual({ "sources.reaches-fixed-point": "failed" });
  });

  it("fail the fixed point naming the page whose call failed, and judge the pages before it", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "list-changes": (request) =>
            (request.json as { cursor?: unknown }).cursor === null
              ? undefined
              : { status: 500, body: { ok: false, error: "boom", code: "internal_error" } },
        },
      },
      ONLY,
    );
    expect(failuresOf(report, "sources.reaches-fixed-point")[0]?.message).toContain("page 2");
    expect(statusesOf(report, "sources.")).toMatchObject({
      "sources.status-enum": "passed",
      "sources.changed-files-fetchable": "passed",
    });
  });

  it("fail when the page after the fixed point lists changes again", async () => {
    let emptyPages = 0;
    const report = await runAgainst(
      {
        overrides: {
          "list-changes": async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { changes?: unknown[] };
            if (answer.status !== 200 || body.changes?.length !== 0) return answer;
            emptyPages += 1;
            return emptyPages % 2 === 0
              ? {
                  ...answer,
                  body: { ...body, changes: [{ path: "/docs/a.md", fingerprint: "f2", status: "modified" }] },
                }
              : answer;
          },
        },
      },
      { only: ["sources.reaches-fixed-point"] },
    );
    expect(failuresOf(report, "sources.reaches-fixed-point")[0]?.message).toContain("listed changes again");
  });

  it("fail a tampered cursor answered with a 500", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "list-changes": async (_request, reference) => {
            const answer = await reference();
            return answer.status === 400
              ? { status: 500, body: { ok: false, error: "bad cursor", code: "internal_error" } }
              : answer;
          },
        },
      },
      { only: ["sources.tampered-cursor-rejected"] },
    );
    expect(failuresOf(report, "sources.tampered-cursor-rejected")[0]?.message).toContain("HTTP 500");
  });

  it("report the foreign-cursor check not applicable without other credentials", async () => {
    const fixtures = referenceFixtures();
    delete fixtures.credentials.other;
    const report = await runAgainst({}, { only: ["sources.foreign-cursor-rejected"], fixtures });
    expect(statusesOf(report, "sources.foreign")).toEqual({ "sources.foreign-cursor-rejected": "not_applicable" });
  });
});

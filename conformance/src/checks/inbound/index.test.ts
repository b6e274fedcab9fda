import { describe, expect, it } from "vitest";
import { failuresOf, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { parseInbound } from "../../../test/reference/inbound.ts";
import { json } from "../../../test/reference/types.ts";
import { runAgainst } from "../../../test/run-against.ts";

const ID = "inbound.combined-equals-two-calls";
const ONLY = { only: ["inbound"] };
const DECLARED = { manifestPatch: { endpoints: ["inbound"] } };

describe("the combined-endpoint check", () => {
  it("passes when /inbound answers what the two calls answer, on every sample and signature case", async () => {
    const report = await runAgainst(DECLARED, ONLY);
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "passed" });
    expect(report.checks.find((check) => check.id === ID)?.reason).toMatch(/^\d+ request\(s\) of \d+ sample\(s\)$/);
  });

  it("passes a refusal whose prose differs between the two calls: the age of a stale timestamp moves on", async () => {
    let refusals = 0;
    const report = await runAgainst(
      {
        ...DECLARED,
        overrides: {
          inbound: async (_request, reference) => {
            const answer = await reference();
            if ((answer.body as { ok?: unknown }).ok !== false) return answer;
            refusals += 1;
            return json(200, { ok: false, error: `the timestamp header is ${600 + refusals} s old` });
          },
        },
      },
      ONLY,
    );
    expect(refusals).toBeGreaterThan(0);
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "passed" });
  });

  it("is not applicable, saying why, when the manifest does not declare the combined endpoint", async () => {
    const report = await runAgainst({}, ONLY);
    expect(report.checks.find((check) => check.id === ID)).toMatchObject({
      status: "not_applicable",
      reason: expect.stringContaining('endpoints lacks "inbound"'),
    });
  });

  it("fails a combined endpoint that skips verification, naming each wrongly signed case", async () => {
    const report = await runAgainst({ ...DECLARED, overrides: { inbound: (request) => parseInbound(request) } }, ONLY);
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "failed" });
    const messages = failuresOf(report, ID).map((failure) => failure.message);
    expect(messages.some((message) => message.includes("without its signature headers"))).toBe(true);
    expect(messages.some((message) => message.includes("signed with another secret"))).toBe(true);
    expect(messages.every((message) => !message.includes("as the platform sends it"))).toBe(true);
    expect(failuresOf(report, ID)[0]).toMatchObject({ endpoint: "POST /inbound" });
  });

  it("fails a combined endpoint that parses differently from /parse-inbound", async () => {
    const report = await runAgainst(
      {
        ...DECLARED,
        overrides: {
          inbound: async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { message?: unknown };
            return typeof body.message === "string" ? json(200, { ...body, message: `${body.message} ` }) : answer;
          },
        },
      },
      ONLY,
    );
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "failed" });
    expect(failuresOf(report, ID)[0]?.message).toContain("otherwise than /verify-webhook then /parse-inbound");
  });

  it("fails a combined endpoint that refuses with another answer than /verify-webhook", async () => {
    const report = await runAgainst(
      {
        ...DECLARED,
        overrides: {
          inbound: async (_request, reference) => {
            const answer = await reference();
            return (answer.body as { ok?: unknown }).ok === false
              ? json(401, { ok: false, error: "bad signature", code: "unauthorized" })
              : answer;
          },
        },
      },
      ONLY,
    );
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "failed" });
  });
});

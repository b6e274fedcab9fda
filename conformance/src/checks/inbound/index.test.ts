import { describe, expect, it } from "vitest";
import { failuresOf, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { parseInbound } from "../../../test/reference/inbound.ts";
import { json } from "../../../test/reference/types.ts";
import { runAgainst } from "../../../test/run-against.ts";

const ID = "inbound.combined-equals-two-calls";
const ECHOES = "inbound.combined-feedback-loop";
const RETRY = "inbound.combined-retry";
const ALL_PASSED = { [ID]: "passed", [ECHOES]: "passed", [RETRY]: "passed" };
const ONLY = { only: ["inbound"] };
const DECLARED = { manifestPatch: { endpoints: ["inbound"] } };

describe("the combined-endpoint check", () => {
  it("passes when /inbound answers what the two calls answer, on every sample and signature case", async () => {
    const report = await runAgainst(DECLARED, ONLY);
    expect(statusesOf(report, "inbound.")).toEqual(ALL_PASSED);
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
    expect(statusesOf(report, "inbound.")).toEqual(ALL_PASSED);
  });

  it("is not applicable, saying why, when the manifest does not declare the combined endpoint", async () => {
    const report = await runAgainst({}, ONLY);
    for (const id of [ID, ECHOES, RETRY]) {
      expect(report.checks.find((check) => check.id === id)).toMatchObject({
        status: "not_applicable",
        reason: expect.stringContaining('endpoints lacks "inbound"'),
      });
    }
  });

  it("fails a combined endpoint that skips verification, naming each wrongly signed case", async () => {
    const report = await runAgainst({ ...DECLARED, overrides: { inbound: (request) => parseInbound(request) } }, ONLY);
    expect(statusesOf(report, ID)).toEqual({ [ID]: "failed" });
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
    expect(statusesOf(report, ID)).toEqual({ [ID]: "failed" });
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
    expect(statusesOf(report, ID)).toEqual({ [ID]: "failed" });
  });

  it("fails a combined endpoint that answers is_bot false for the adapter's own echo, in each mode and in a thread", async () => {
    const report = await runAgainst(
      {
        ...DECLARED,
        overrides: {
          inbound: async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { is_bot?: unknown };
            return body.is_bot === true ? json(200, { ...body, is_bot: false }) : answer;
          },
        },
      },
      ONLY,
    );
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "passed", [ECHOES]: "failed", [RETRY]: "passed" });
    const messages = failuresOf(report, ECHOES).map((failure) => failure.message);
    expect(messages).toHaveLength(3);
    expect(messages.every((message) => message.startsWith("the echo of the adapter's own delivery"))).toBe(true);
  });

  it("fails a combined endpoint that ignores a platform retry the two calls parse", async () => {
    const report = await runAgainst(
      {
        ...DECLARED,
        overrides: {
          inbound: async (request, reference) =>
            (request.json as { headers?: Record<string, string> }).headers?.["x-reference-retry"] !== undefined
              ? json(200, { ignored: true, reason: "a retry" })
              : reference(),
        },
      },
      ONLY,
    );
    expect(statusesOf(report, "inbound.")).toEqual({ [ID]: "passed", [ECHOES]: "passed", [RETRY]: "failed" });
    expect(failuresOf(report, RETRY)[0]?.message).toContain("platform retry: /inbound answered otherwise");
  });
});

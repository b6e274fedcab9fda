import { describe, expect, it } from "vitest";
import { failuresOf, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainst } from "../../../test/run-against.ts";

describe("the deliver checks", () => {
  it("are not applicable to an adapter that only receives", async () => {
    const report = await runAgainst({ manifestPatch: { capabilities: ["receive"] } }, { only: ["deliver"] });
    const statuses = statusesOf(report, "deliver.");
    const { "deliver.platform-hang-answered": slow, ...rest } = statuses;
    expect(Object.keys(rest)).toHaveLength(12);
    expect(new Set(Object.values(rest))).toEqual(new Set(["not_applicable"]));
    expect(slow).toBe("skipped"); // a slow check runs only when named in --only (D144)
  });

  it("fail a delivery with good credentials that the adapter reports refused", async () => {
    const report = await runAgainst(
      {
        overrides: {
          deliver: () => ({ status: 200, body: { ok: false, error: "channel archived", retryable: false } }),
        },
      },
      { only: ["deliver.response-shape"] },
    );
    expect(failuresOf(report, "deliver.response-shape")).toMatchObject([{ pointer: "/ok", expected: "true" }]);
  });

  it("accept a platform 5xx answered with a 502 platform_error, and a bad token answered with a 401", async () => {
    const report = await runAgainst(
      {
        overrides: {
          deliver: async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { ok?: boolean; retryable?: boolean };
            if (body.ok !== false) return answer;
            return body.retryable
              ? { status: 502, body: { ok: false, error: "platform down", code: "platform_error" } }
              : { status: 401, body: { ok: false, error: "token refused", code: "unauthorized" } };
          },
        },
      },
      { only: ["deliver.platform-error-retryable", "deliver.rejects-bad-credentials"] },
    );
    expect(statusesOf(report, "deliver.")).toMatchObject({
      "deliver.platform-error-retryable": "passed",
      "deliver.rejects-bad-credentials": "passed",
    });
  });

  it("fail a platform 5xx reported as not retryable, pointing at retryable", async () => {
    const report = await runAgainst(
      {
        overrides: {
          deliver: async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { ok?: boolean };
            return body.ok === false ? { ...answer, body: { ...body, retryable: false } } : answer;
          },
        },
      },
      { only: ["deliver.platform-error-retryable"] },
    );
    expect(failuresOf(report, "deliver.platform-error-retryable")).toMatchObject([
      { pointer: "/retryable", expected: "true" },
    ]);
  });

  it("fail an answer that names another thread than the one asked for", async () => {
    const report = await runAgainst(
      {
        overrides: {
          deliver: async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as Record<string, unknown>;
            return body.thread_id === undefined
              ? answer
              : { ...answer, body: { ...body, thread_id: "another-thread" } };
          },
        },
      },
      { only: ["deliver.thread-id-honoured"] },
    );
    expect(failuresOf(report, "deliver.thread-id-honoured")).toMatchObject([
      { pointer: "/thread_id", actual: '"another-thread"' },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { failuresOf, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { deliver } from "../../../test/reference/deliver.ts";
import { json } from "../../../test/reference/types.ts";
import { runAgainst } from "../../../test/run-against.ts";

describe("the deliver checks", () => {
  it("are not applicable to an adapter that only receives", async () => {
    const report = await runAgainst({ manifestPatch: { capabilities: ["receive"] } }, { only: ["deliver"] });
    const statuses = statusesOf(report, "deliver.");
    const { "deliver.platform-hang-answered": slow, ...rest } = statuses;
    expect(Object.keys(rest)).toHaveLength(14);
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

  it("pass the reference: its guard covers the channel address, it honours Idempotency-Key, refused credentials are final", async () => {
    const ids = ["deliver.outbound-guard", "deliver.idempotency-key-replayed", "deliver.rejects-bad-credentials"];
    const report = await runAgainst({}, { only: ids });
    expect(ids.map((id) => statusesOf(report, id)[id])).toEqual(["passed", "passed", "passed"]);
  });

  it("fail an adapter that guards /verify but connects /deliver to any channel address", async () => {
    const report = await runAgainst(
      { overrides: { deliver: (request) => deliver({ ...request, guardedFetch: (url, init) => fetch(url, init) }) } },
      { only: ["deliver.outbound-guard"] },
    );
    const failures = failuresOf(report, "deliver.outbound-guard");
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({
      pointer: "/channel_address",
      message: expect.stringContaining("connected to"),
    });
  });

  it("fail an adapter that ignores Idempotency-Key: the repeat reaches the platform again with another answer", async () => {
    const report = await runAgainst(
      { overrides: { deliver: (request) => deliver(request) } },
      { only: ["deliver.idempotency-key-replayed"] },
    );
    expect(failuresOf(report, "deliver.idempotency-key-replayed").map((failure) => failure.message)).toEqual([
      expect.stringContaining("reached the platform again (1 more request(s))"),
      expect.stringContaining("answered otherwise than the first call"),
    ]);
  });

  it("fail refused credentials answered retryable: true, since no retry can fix them", async () => {
    const report = await runAgainst(
      {
        overrides: {
          deliver: async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { ok?: unknown };
            return body.ok === false ? json(200, { ...body, retryable: true }) : answer;
          },
        },
      },
      { only: ["deliver.rejects-bad-credentials"] },
    );
    expect(failuresOf(report, "deliver.rejects-bad-credentials")).toMatchObject([{ pointer: "/retryable" }]);
  });
});

import { describe, expect, it } from "vitest";
import { describeFailure } from "./describe-failure.ts";

describe("describeFailure", () => {
  it("says an adapter is unreachable with the transport's reason", () => {
    expect(describeFailure({ kind: "unreachable", message: "connect ECONNREFUSED 127.0.0.1:9" })).toBe(
      "adapter unreachable: connect ECONNREFUSED 127.0.0.1:9",
    );
  });

  it("says a body was over the size limit and left unread", () => {
    expect(describeFailure({ kind: "response_too_large", status: 200, limitBytes: 1024 })).toBe(
      "HTTP 200 body is larger than 1024 bytes; it was not read",
    );
  });

  it("says how long it waited on a timeout", () => {
    expect(describeFailure({ kind: "timeout", timeoutMs: 5000 })).toBe("no answer within 5000 ms");
  });

  it("names the D8 code and message of an error status", () => {
    const body = { ok: false as const, error: "slow down", code: "rate_limited" as const, retry_after: 3 };
    expect(describeFailure({ kind: "http_status", status: 429, body, text: "", issues: [] })).toBe(
      "HTTP 429 rate_limited: slow down",
    );
  });

  it("quotes the start of an error body that is not a D8 error", () => {
    const text = `<html>${"x".repeat(200)}</html>`;
    const line = describeFailure({ kind: "http_status", status: 500, body: null, text, issues: [] });

    expect(line).toMatch(/^HTTP 500 with a body that is not an adapter error \(D8\): "<html>x+\.\.\."$/);
  });

  it("gives the first schema issue and how many more there are", () => {
    const issue = {
      pointer: "/is_bot",
      expected: "boolean",
      actual: "string",
      message: "/is_bot: expected boolean, got string",
    };
    expect(describeFailure({ kind: "schema_violation", status: 200, issues: [issue, issue], body: {} })).toBe(
      "HTTP 200 body breaks the contract: /is_bot: expected boolean, got string (and 1 more)",
    );
  });

  it("says an empty body is not JSON", () => {
    expect(describeFailure({ kind: "invalid_json", status: 200, text: "" })).toBe("HTTP 200 body is not JSON: (empty)");
  });
});

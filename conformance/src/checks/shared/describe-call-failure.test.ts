import { describe, expect, it } from "vitest";
import { startReferenceAdapter } from "../../../test/reference-adapter.ts";
import { ADAPTER_SIGNING_SECRET, REFERENCE_FIXTURES } from "../../../test/run-against.ts";
import { runConformance } from "../../runner/run-conformance.ts";
import { describeCallFailure } from "./describe-call-failure.ts";

const body = { ok: false, code: "unauthorized", error: "no" } as const;
const refused = { kind: "http_status", status: 401, body, text: JSON.stringify(body), issues: [] } as const;

describe("describeCallFailure", () => {
  it("leaves an unsigned run against an adapter that enforces signing one finding naming --signing-secret (D371)", async () => {
    const adapter = await startReferenceAdapter({ signingSecret: ADAPTER_SIGNING_SECRET });
    const report = await runConformance({
      adapterUrl: adapter.url,
      fixtures: REFERENCE_FIXTURES,
      only: ["verify", "deliver"],
    }).finally(() => adapter.close());
    const messages = report.checks.flatMap((check) => check.failures ?? []).map((failure) => failure.message);
    expect(messages).toEqual(["the adapter refuses unsigned calls (401); pass --signing-secret"]);
  });

  it("adds nothing to a 401 when the run signs its calls, nor to other failures", () => {
    const signed = describeCallFailure({ signingSecret: ADAPTER_SIGNING_SECRET }, refused);
    expect(signed).toBe("HTTP 401 unauthorized: no");
    const timeout = describeCallFailure({ signingSecret: undefined }, { kind: "timeout", timeoutMs: 5 });
    expect(timeout).toBe("no answer within 5 ms");
  });
});

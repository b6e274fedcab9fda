import { describe, expect, it } from "vitest";
import { failuresOf, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainst } from "../../../test/run-against.ts";

describe("the format checks", () => {
  it("are not applicable to an app that is no channel app", async () => {
    const report = await runAgainst({ manifestPatch: { capabilities: undefined } }, { only: ["format"] });
    expect(new Set(Object.values(statusesOf(report, "format.")))).toEqual(new Set(["not_applicable"]));
  });

  it("accept an empty text refused with a 400", async () => {
    const report = await runAgainst(
      {
        overrides: {
          format: (request) =>
            (request.json as { text?: string }).text === ""
              ? {
                  status: 400,
                  body: {
                    ok: false,
                    error: "text is empty",
                    code: "invalid_request",
                    issues: [{ path: "/text", message: "empty" }],
                  },
                }
              : undefined,
        },
      },
      { only: ["format.empty-text"] },
    );
    expect(statusesOf(report, "format.empty-text")).toEqual({ "format.empty-text": "passed" });
  });

  it("fail Markdown formatted to nothing", async () => {
    const report = await runAgainst(
      { overrides: { format: () => ({ status: 200, body: { text: "" } }) } },
      { only: ["format.markdown-answers-text"] },
    );
    expect(failuresOf(report, "format.markdown-answers-text")).toMatchObject([{ pointer: "/text" }]);
  });

  it("fail an answer without text, naming the missing field", async () => {
    const report = await runAgainst(
      { overrides: { format: () => ({ status: 200, body: { formatted: "x" } }) } },
      { only: ["format.markdown-answers-text"] },
    );
    const [failure] = failuresOf(report, "format.markdown-answers-text");
    expect(failure?.message).toContain("breaks the contract");
  });
});

import { describe, expect, it } from "vitest";
import { failuresOf, referenceFixtures, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainst } from "../../../test/run-against.ts";

const ONLY = { only: ["feedback-loop"] };

describe("the feedback-loop checks", () => {
  it("are not applicable to an adapter that only sends", async () => {
    const report = await runAgainst({ manifestPatch: { capabilities: ["send"] } }, ONLY);
    expect(statusesOf(report, "feedback-loop.")).toEqual({
      "feedback-loop.own-echo-is-bot": "not_applicable",
      "feedback-loop.person-is-not-bot": "not_applicable",
      "feedback-loop.front-desk-echo": "not_applicable",
      "feedback-loop.thread-echo": "not_applicable",
    });
  });

  it("fail at the fixtures step when an echo template is missing", async () => {
    const fixtures = referenceFixtures();
    delete fixtures.echo.person;
    const report = await runAgainst({}, { ...ONLY, fixtures });
    expect(statusesOf(report, "feedback-loop.own-echo-is-bot")).toEqual({ "feedback-loop.own-echo-is-bot": "passed" });
    expect(failuresOf(report, "feedback-loop.person-is-not-bot")).toMatchObject([{ step: "fixtures" }]);
  });

  it("fail at the capture step when an accepted delivery never reaches the platform", async () => {
    const report = await runAgainst(
      { overrides: { deliver: () => ({ status: 200, body: { ok: true, message_id: "m1" } }) } },
      ONLY,
    );
    expect(failuresOf(report, "feedback-loop.own-echo-is-bot")).toMatchObject([
      { step: "capture", endpoint: "POST /deliver" },
    ]);
  });

  it("fail when the echo parses as something other than a message", async () => {
    const report = await runAgainst(
      { overrides: { "parse-inbound": () => ({ status: 200, body: { ignored: true, reason: "own message" } }) } },
      { only: ["feedback-loop.own-echo-is-bot"] },
    );
    const [failure] = failuresOf(report, "feedback-loop.own-echo-is-bot");
    expect(failure?.message).toContain("answered a ignored, expected a message");
  });
});

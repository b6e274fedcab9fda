import { describe, expect, it } from "vitest";
import { editAnswer } from "../../../test/broken/behaviour-helpers.ts";
import { failuresOf, referenceFixtures, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainst } from "../../../test/run-against.ts";

const ID = "robustness.no-credentials-echoed";

/** Reference fixtures whose refused token reads like the reference's own refusal ("the platform refused the token"). */
function fixturesWithWordyBadToken() {
  const fixtures = referenceFixtures();
  fixtures.credentials.bad.token = "xx the platform refused xx";
  return fixtures;
}

describe("robustness.no-credentials-echoed", () => {
  it("passes an answer that shares words with a credential but says the same whatever the credential", async () => {
    const report = await runAgainst({}, { only: [ID], fixtures: fixturesWithWordyBadToken() });
    expect(statusesOf(report, ID)).toEqual({ [ID]: "passed" });
  });

  it("fails an answer that repeats the middle of a refused credential and changes with it", async () => {
    const report = await runAgainst(
      {
        overrides: {
          verify: (request, reference) =>
            editAnswer(reference, (body) => {
              const token = (request.json as { credentials: { token: string } }).credentials.token;
              return body.ok === false ? { ...body, error: `refused: ${token.slice(3, 12)}` } : body;
            }),
        },
      },
      { only: [ID], fixtures: fixturesWithWordyBadToken() },
    );
    expect(failuresOf(report, ID)).toMatchObject([
      {
        endpoint: "POST /verify",
        message: expect.stringContaining("bad credentials"),
        actual: '{"ok":false,"error":"refused:[REDACTED]"}',
      },
    ]);
  });
});

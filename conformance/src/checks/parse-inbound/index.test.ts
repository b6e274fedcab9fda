import { describe, expect, it } from "vitest";
import { failuresOf, referenceFixtures, statusesOf } from "../../../test/broken/behaviour-run.ts";
import { json } from "../../../test/reference/types.ts";
import { runAgainst } from "../../../test/run-against.ts";

const ONLY = { only: ["parse-inbound"] };

describe("the parse-inbound checks", () => {
  it("put the probe where a sample says {{content}}", async () => {
    const fixtures = referenceFixtures();
    fixtures.inbound.samples[0].request.body.text = "{{content}}";
    fixtures.inbound.samples[0].expect.message = "{{content}}";
    const report = await runAgainst({}, { ...ONLY, fixtures });
    expect(statusesOf(report, "parse-inbound.")).toMatchObject({
      "parse-inbound.message-samples": "passed",
      "parse-inbound.content-byte-exact": "passed",
    });
  });

  it("fail the content check at the fixtures step when the body does not carry the expected message", async () => {
    const fixtures = referenceFixtures();
    fixtures.inbound.samples[0].expect.message = "not in the body";
    const report = await runAgainst({}, { only: ["parse-inbound.content-byte-exact"], fixtures });
    expect(failuresOf(report, "parse-inbound.content-byte-exact")).toMatchObject([{ step: "fixtures" }]);
  });

  it("fail dedup_key distinctness at the fixtures step when the sample has no {{nonce}}", async () => {
    const fixtures = referenceFixtures();
    fixtures.inbound.samples[0].request.body.id = "evt_fixed";
    const report = await runAgainst({}, { ...ONLY, fixtures });
    expect(failuresOf(report, "parse-inbound.dedup-key-distinct")).toMatchObject([{ step: "fixtures" }]);
    expect(statusesOf(report, "parse-inbound.dedup-key-stable-on-retry")).toEqual({
      "parse-inbound.dedup-key-stable-on-retry": "passed",
    });
  });

  it("report the dedup checks not applicable for an adapter that sends no dedup_key", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "parse-inbound": async (_request, reference) => {
            const answer = await reference();
            const { dedup_key: _dropped, ...body } = answer.body as Record<string, unknown>;
            return { ...answer, body };
          },
        },
      },
      ONLY,
    );
    expect(statusesOf(report, "parse-inbound.dedup")).toEqual({
      "parse-inbound.dedup-key-stable-on-retry": "not_applicable",
      "parse-inbound.dedup-key-distinct": "not_applicable",
      "parse-inbound.dedup-key-from-identity": "not_applicable",
    });
  });

  it("fail a message without event_type in trigger mode, pointing at it", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "parse-inbound": async (_request, reference) => {
            const answer = await reference();
            const { event_type: _dropped, ...body } = answer.body as Record<string, unknown>;
            return { ...answer, body };
          },
        },
      },
      { only: ["parse-inbound.message-samples"] },
    );
    const [failure] = failuresOf(report, "parse-inbound.message-samples");
    expect(failure?.message).toContain('sample "message" (trigger mode)');
    expect(failure?.curl).toContain("/parse-inbound");
  });

  it("report handshake and ignored checks not applicable without such samples, and fail without a message sample", async () => {
    const fixtures = referenceFixtures();
    fixtures.inbound.samples = fixtures.inbound.samples.filter((sample: { name: string }) => sample.name === "message");
    const withMessage = await runAgainst({}, { ...ONLY, fixtures });
    expect(statusesOf(withMessage, "parse-inbound.")).toMatchObject({
      "parse-inbound.handshake-answered": "not_applicable",
      "parse-inbound.ignores-non-messages": "not_applicable",
      "parse-inbound.message-samples": "passed",
    });

    const onlyEdit = referenceFixtures();
    onlyEdit.inbound.samples = onlyEdit.inbound.samples.filter((sample: { name: string }) => sample.name === "edit");
    delete onlyEdit.inbound.retry;
    delete onlyEdit.inbound.content_sample;
    const withoutMessage = await runAgainst({}, { ...ONLY, fixtures: onlyEdit });
    expect(failuresOf(withoutMessage, "parse-inbound.message-samples")).toMatchObject([{ step: "fixtures" }]);
    expect(statusesOf(withoutMessage, "parse-inbound.ignores-non-messages")).toEqual({
      "parse-inbound.ignores-non-messages": "passed",
    });
  });

  it("fail an adapter that normalises message text to NFC, composing the probe's decomposed sequences", async () => {
    const report = await runAgainst(
      {
        overrides: {
          "parse-inbound": async (_request, reference) => {
            const answer = await reference();
            const body = answer.body as { message?: unknown };
            return typeof body.message === "string"
              ? json(200, { ...body, message: body.message.normalize("NFC") })
              : answer;
          },
        },
      },
      { only: ["parse-inbound.content-byte-exact"] },
    );
    expect(failuresOf(report, "parse-inbound.content-byte-exact")).toMatchObject([
      { pointer: "/message", message: expect.stringContaining("normalised to NFC") },
    ]);
  });
});

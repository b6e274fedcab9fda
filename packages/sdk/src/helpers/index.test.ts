import { describe, expect, it } from "vitest";
import * as helpers from "./index.ts";

describe("helpers index", () => {
  it("exports every helper the adapters, the service and the runner use", () => {
    const expected = [
      "verifyHmacSha256",
      "isValidHmacSha256",
      "signHmacSha256",
      "verifySlackV0",
      "isValidSlackV0",
      "signSlackV0",
      "verifyStandardWebhook",
      "isValidStandardWebhook",
      "signStandardWebhook",
      "verifyGithubSha256",
      "isValidGithubSha256",
      "signGithubSha256",
      "SIGNATURE_SCHEMES",
      "SignatureError",
      "encodeCursor",
      "decodeCursor",
      "toSlackMrkdwn",
      "toPlainText",
      "toEmailHtml",
      "MarkdownLimitError",
      "MARKDOWN_MAX_BYTES",
      "MARKDOWN_MAX_DEPTH",
      "MARKDOWN_MAX_INLINE_DEPTH",
      "MARKDOWN_INLINE_BUDGET",
      "stampBotMarker",
      "hasBotMarker",
      "stampBotMarkerHeader",
      "hasBotMarkerHeader",
    ];
    for (const name of expected) expect(helpers, name).toHaveProperty(name);
  });

  it("has no default export", () => {
    expect(helpers).not.toHaveProperty("default");
  });
});

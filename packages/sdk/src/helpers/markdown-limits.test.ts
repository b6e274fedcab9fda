import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { toErrorResponse } from "../errors/to-error-response.ts";
import { fixtureAdapter } from "../http/fixture-adapter.ts";
import { serve } from "../http/serve.ts";
import { createAdapterClient } from "../testing/adapter-client.ts";
import { MARKDOWN_MAX_BYTES, MARKDOWN_MAX_DEPTH, MarkdownLimitError } from "./markdown-limits.ts";
import { toEmailHtml } from "./to-email-html.ts";
import { toPlainText } from "./to-plain-text.ts";
import { escapeSlackText, toSlackMrkdwn } from "./to-slack-mrkdwn.ts";

const CONVERTERS = [
  ["toSlackMrkdwn", toSlackMrkdwn],
  ["toPlainText", toPlainText],
  ["toEmailHtml", toEmailHtml],
] as const;

const nestedList = (depth: number) =>
  Array.from({ length: depth }, (_, level) => `${"  ".repeat(level)}- item ${level}`).join("\n");

function limitError(convert: () => unknown): MarkdownLimitError {
  try {
    convert();
  } catch (error) {
    if (error instanceof MarkdownLimitError) return error;
    throw error;
  }
  throw new Error("expected a MarkdownLimitError");
}

describe("markdown limits", () => {
  it.each(CONVERTERS)("%s refuses text over 64 KiB of UTF-8, naming /text", (_, convert) => {
    // The reviewer's 120 KB of alternating emphasis took 56 s.
    const error = limitError(() => convert("*a _b ".repeat(20_000)));
    expect(error.code).toBe("invalid_request");
    expect(error.issues).toEqual([{ path: "/text", message: expect.stringContaining("120000 bytes") }]);
    // Bytes, not characters: 40,000 two-byte characters are over the limit.
    expect(() => convert("é".repeat(40_000))).toThrow(MarkdownLimitError);
    expect(() => convert("a".repeat(MARKDOWN_MAX_BYTES))).not.toThrow();
  });

  it.each(CONVERTERS)("%s refuses quotes or lists nested past the limit, which overflowed the stack", (_, convert) => {
    expect(limitError(() => convert(">".repeat(2000))).message).toContain(`deeper than ${MARKDOWN_MAX_DEPTH}`);
    expect(() => convert(`${"> ".repeat(MARKDOWN_MAX_DEPTH + 1)}x`)).toThrow(MarkdownLimitError);
    expect(() => convert(`${"- ".repeat(MARKDOWN_MAX_DEPTH + 1)}x`)).toThrow(MarkdownLimitError);
    expect(() => convert(`${"1. ".repeat(20)}${"> ".repeat(20)}x`)).toThrow(MarkdownLimitError);
    expect(() => convert(nestedList(MARKDOWN_MAX_DEPTH + 1))).toThrow(MarkdownLimitError);
  });

  it.each(CONVERTERS)("%s converts nesting up to the limit, rules and indented code", (_, convert) => {
    expect(() => convert(`${"> ".repeat(MARKDOWN_MAX_DEPTH)}x`)).not.toThrow();
    expect(() => convert(nestedList(MARKDOWN_MAX_DEPTH / 2))).not.toThrow();
    // `- - - …` is a thematic break, and indentation without a list marker opens nothing.
    expect(() => convert("- ".repeat(80))).not.toThrow();
    expect(() => convert(`\`\`\`\n${" ".repeat(200)}deep code\n\`\`\``)).not.toThrow();
  });

  it("renders as a 400 invalid_request that names /text", () => {
    const response = toErrorResponse(limitError(() => toPlainText(">".repeat(2000))));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "invalid_request", issues: [{ path: "/text" }] });
  });

  it("answers POST /format with 400, not 500, when an adapter's converter refuses the text", async () => {
    const adapter = fixtureAdapter({ format: ({ text }) => ({ text: toSlackMrkdwn(text) }) });
    const server = await serve(adapter, {
      port: 0,
      host: "127.0.0.1",
      handleSignals: false,
      logger: pino({ level: "silent" }),
    });
    try {
      const client = createAdapterClient(server.url);
      const refused = await client.format({ text: ">".repeat(2000) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "invalid_request", issues: [{ path: "/text" }] });
      expect((await client.format({ text: "**ok**" })).body).toEqual({ text: "*ok*" });
    } finally {
      await server.close();
    }
  });

  it("keeps a block too costly to lex as escaped text and converts the others", () => {
    // The reviewer's 1,500 unclosed links took about 10 s; the paragraph before them is still converted.
    const links = "[a](".repeat(1500);
    expect(toSlackMrkdwn(`**ok**\n\n${links}<b>`)).toBe(`*ok*\n\n${links}&lt;b&gt;`);
    expect(toPlainText(`**ok**\n\n${links}`)).toBe(`ok\n\n${links}`);
    expect(toEmailHtml(`**ok**\n\n${links}<b>`)).toBe(`<p><strong>ok</strong></p>\n<p>${links}&lt;b&gt;</p>`);
  });

  it.each([
    ["unclosed emphasis under the size limit", "*a _b ".repeat(10_000)],
    ["backtick runs in a link label (exponential in marked)", `[${"`".repeat(16)}a`.repeat(8)],
    ["a run without whitespace before an @", `${"a".repeat(60_000)}@`],
    ["emphasis nested 2,000 deep", `${"*a ".repeat(2000)}b${" a*".repeat(2000)}`],
  ])("returns %s as it is", (_, markdown) => {
    expect(toSlackMrkdwn(markdown)).toBe(escapeSlackText(markdown));
    expect(toPlainText(markdown)).toBe(markdown);
  });

  it("keeps a paragraph of references looked up among thousands of definitions as text", () => {
    const definitions = Array.from({ length: 2000 }, (_, i) => `[a${i}]: /${i}`).join("\n");
    const references = "[a1] ".repeat(6000).trimEnd();
    expect(toPlainText(`${definitions}\n\n${references}`)).toBe(references);
    // Short blocks too: once the definitions have cost the budget, the remaining blocks stay text.
    const items = toPlainText(`${definitions}\n\n${"- *a* [a1]\n".repeat(3000)}`).split("\n");
    expect(items[0]).toBe("- a a1 (/1)");
    expect(items.at(-1)).toBe("- *a* [a1]");
    // With few definitions the same references are links.
    expect(toPlainText(`[a1]: https://x.example/1\n\n[a1] [a1]`)).toBe(
      "a1 (https://x.example/1) a1 (https://x.example/1)",
    );
  });

  it("keeps emphasis nested past 16 levels as text", () => {
    const nested = `${"*a ".repeat(18)}b${" a*".repeat(18)}`;
    expect(toSlackMrkdwn(nested)).toBe(`${"_a ".repeat(16)}*a *a b a* a*${" a_".repeat(16)}`);
  });
});

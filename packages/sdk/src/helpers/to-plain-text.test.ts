import { describe, expect, it } from "vitest";
import { toPlainText } from "./to-plain-text.ts";

describe("markdown to plain text", () => {
  it.each([
    ["**bold** _italic_ ~~strike~~ `code`", "bold italic strike code"],
    ["[the guide](https://docs.example/guide)", "the guide (https://docs.example/guide)"],
    ["<https://a.example/x>", "https://a.example/x"],
    ["see https://a.example/x", "see https://a.example/x"],
    ["<ops@example.test>", "ops@example.test"],
    ["[](https://a.example/empty)", "https://a.example/empty"],
    ["![diagram](https://img.example/d.png)", "diagram (https://img.example/d.png)"],
    ["# Heading\n\nText", "Heading\n\nText"],
    ["- one\n- two", "- one\n- two"],
    ["* one\n  * nested\n    more\n* two", "- one\n  - nested\n    more\n- two"],
    ["1. first\n2. second", "1. first\n2. second"],
    ["- [ ] todo\n- [x] done", "- [ ] todo\n- [x] done"],
    ["- loose one\n\n- loose two", "- loose one\n\n- loose two"],
    ["> quoted\n>\n> again", "> quoted\n>\n> again"],
    ["```\nconst a = 1;\n```", "const a = 1;"],
    ["para one\nsame para\n\npara two", "para one\nsame para\n\npara two"],
    ["a  \nb", "a\nb"],
    ["---", "---"],
    ["| a | b |\n|---|---|\n| 1 | 2 |", "a | b\n1 | 2"],
  ])("converts %j", (markdown, text) => {
    expect(toPlainText(markdown)).toBe(text);
  });

  it.each([
    ["Tom &amp; Jerry &lt;3", "Tom & Jerry <3"],
    ["5 < 6 & 7 > 2", "5 < 6 & 7 > 2"],
    ["\\*literal\\*", "*literal*"],
    ["<b>raw</b> html stays as written", "<b>raw</b> html stays as written"],
  ])("writes characters as themselves: %j", (markdown, text) => {
    expect(toPlainText(markdown)).toBe(text);
  });

  it.each([
    ["emoji", "🚀 👨‍👩‍👧 🇳🇴", "🚀 👨‍👩‍👧 🇳🇴"],
    ["right-to-left text", "**שלום** مرحبا", "שלום مرحبا"],
    ["zero-width characters", "zero\u200bwidth\u200d\ufeff", "zero\u200bwidth\u200d\ufeff"],
  ])("passes %s through unchanged", (_, markdown, text) => {
    expect(toPlainText(markdown)).toBe(text);
  });

  it("keeps no markup characters from a formatted message", () => {
    const text = toPlainText("# Report\n\n**Status:** _green_, see [dash](https://d.example).\n\n~~old~~ `new`");
    expect(text).toBe("Report\n\nStatus: green, see dash (https://d.example).\n\nold new");
    expect(text).not.toMatch(/[*_~`#[\]]/);
  });
});

import { describe, expect, it } from "vitest";
import { escapeSlackText, toSlackMrkdwn } from "./to-slack-mrkdwn.ts";

describe("markdown to slack mrkdwn", () => {
  it.each([
    ["**bold**", "*bold*"],
    ["__bold__", "*bold*"],
    ["*italic* and _italic_", "_italic_ and _italic_"],
    ["~~gone~~", "~gone~"],
    ["**bold _and italic_**", "*bold _and italic_*"],
    ["`a < b`", "`a &lt; b`"],
    ["```ts\nif (a < b && c) {}\n```", "```\nif (a &lt; b &amp;&amp; c) {}\n```"],
    ["    indented code", "```\nindented code\n```"],
    ["[the docs](https://docs.example/x?a=1&b=2)", "<https://docs.example/x?a=1&b=2|the docs>"],
    ["[**bold** link](https://a.example)", "<https://a.example|*bold* link>"],
    ["<https://a.example/path>", "<https://a.example/path>"],
    ["see https://a.example/x.", "see <https://a.example/x>."],
    ["<ops@example.test>", "<mailto:ops@example.test|ops@example.test>"],
    ["[odd](<https://a.example/a|b c>)", "<https://a.example/a%7Cb%20c|odd>"],
    ["![chart](https://img.example/c.png)", "<https://img.example/c.png|chart>"],
    ["[click](javascript:alert(1))", "click"],
    ["# Title\n\nBody", "*Title*\n\nBody"],
    ["## Title with **bold**", "*Title with bold*"],
    ["- one\n- two", "• one\n• two"],
    ["* one\n  * nested\n* two", "• one\n  • nested\n• two"],
    ["3. three\n4. four", "3. three\n4. four"],
    ["- [ ] todo\n- [x] done", "☐ todo\n☑ done"],
    ["> quoted\n> still", "> quoted\n> still"],
    ["> one\n>\n> two", "> one\n>\n> two"],
    ["line one  \nline two", "line one\nline two"],
    ["para one\n\npara two", "para one\n\npara two"],
    ["---", "———"],
    ["| a | b |\n|---|---|\n| 1 | 2 |", "*a* | *b*\n1 | 2"],
  ])("converts %j", (markdown, mrkdwn) => {
    expect(toSlackMrkdwn(markdown)).toBe(mrkdwn);
  });

  it.each([
    ["Tom & Jerry <3 > 2", "Tom &amp; Jerry &lt;3 &gt; 2"],
    ["already &amp; encoded &lt;tag&gt;", "already &amp; encoded &lt;tag&gt;"],
    ["&#169; &#x1F600; &unknown;", "© 😀 &amp;unknown;"],
    ["raw <b>html</b>", "raw &lt;b&gt;html&lt;/b&gt;"],
    ["<div>block html</div>", "&lt;div&gt;block html&lt;/div&gt;"],
    ["<!-- comment -->", "&lt;!-- comment --&gt;"],
    ["\\*not bold\\*", "*not bold*"],
  ])("escapes %j as Slack documents", (markdown, mrkdwn) => {
    expect(toSlackMrkdwn(markdown)).toBe(mrkdwn);
  });

  it.each([
    ["hi <@U024BE7LH>", "hi <@U024BE7LH>"],
    ["<@U024BE7LH|bob> in <#C024BE7LB|general>", "<@U024BE7LH|bob> in <#C024BE7LB|general>"],
    ["<!here> and <!channel>", "<!here> and <!channel>"],
    ["<!subteam^SAZ94GDB8> **now**", "<!subteam^SAZ94GDB8> *now*"],
    ["<!date^1392734382^{date} at {time}|Feb 18>", "<!date^1392734382^{date} at {time}|Feb 18>"],
    ["<@lowercase> <!nothing>", "&lt;@lowercase&gt; &lt;!nothing&gt;"],
  ])("passes Slack's own sequence %j through unescaped", (markdown, mrkdwn) => {
    expect(toSlackMrkdwn(markdown)).toBe(mrkdwn);
  });

  it.each([
    ["emoji", "Ship it 🚀 👨‍👩‍👧 🇳🇴 :tada:", "Ship it 🚀 👨‍👩‍👧 🇳🇴 :tada:"],
    ["right-to-left text", "**שלום** עולם مرحبا", "*שלום* עולם مرحبا"],
    ["bidi controls", "a\u202ebc\u202c d\u200f", "a\u202ebc\u202c d\u200f"],
    ["zero-width characters", "zero\u200bwidth\u200cjoin\u200dner\ufeff", "zero\u200bwidth\u200cjoin\u200dner\ufeff"],
  ])("passes %s through unchanged", (_, markdown, mrkdwn) => {
    expect(toSlackMrkdwn(markdown)).toBe(mrkdwn);
  });

  it("converts a message mixing every construct", () => {
    const markdown = "# Deploy\n\n**prod** is _green_ & [live](https://x.example)\n\n- `v2`\n- ~~v1~~\n\n> ok";
    expect(toSlackMrkdwn(markdown)).toBe(
      "*Deploy*\n\n*prod* is _green_ &amp; <https://x.example|live>\n\n• `v2`\n• ~v1~\n\n> ok",
    );
  });

  it("returns an empty string for empty or blank input", () => {
    expect(toSlackMrkdwn("")).toBe("");
    expect(toSlackMrkdwn("  \n\n ")).toBe("");
  });

  it("escapes exactly ampersand, less-than and greater-than", () => {
    expect(escapeSlackText(`&<>"'*_~`)).toBe(`&amp;&lt;&gt;"'*_~`);
  });
});

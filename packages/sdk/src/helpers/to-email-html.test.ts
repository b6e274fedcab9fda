import { describe, expect, it } from "vitest";
import { toEmailHtml } from "./to-email-html.ts";

describe("markdown to e-mail html", () => {
  it.each([
    ["**bold** _it_ ~~del~~ `a<b`", "<p><strong>bold</strong> <em>it</em> <del>del</del> <code>a&lt;b</code></p>"],
    ["# Title", "<h1>Title</h1>"],
    ["[docs](https://docs.example/?a=1&b=2)", '<p><a href="https://docs.example/?a=1&b=2">docs</a></p>'],
    ["[mail](mailto:ops@example.test)", '<p><a href="mailto:ops@example.test">mail</a></p>'],
    ["- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"],
    ["Tom &amp; Jerry & co", "<p>Tom &amp; Jerry &amp; co</p>"],
  ])("converts %j", (markdown, html) => {
    expect(toEmailHtml(markdown)).toBe(html);
  });

  it.each([
    ["inline tag", "Hi <b>there</b>", "<p>Hi &lt;b&gt;there&lt;/b&gt;</p>"],
    ["script block", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["event handler", '<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"],
    ["comment", "a <!-- hidden --> b", "<p>a &lt;!-- hidden --&gt; b</p>"],
    ["javascript link", "[click](javascript:alert(1))", "<p>click</p>"],
    ["entity-hidden scheme", "[click](&#106;avascript:alert(1))", "<p>click</p>"],
    ["data link", "[x](data:text/html;base64,PHNjcmlwdD4=)", "<p>x</p>"],
    ["javascript autolink", "<javascript:alert(1)>", "<p>javascript:alert(1)</p>"],
    ["javascript image", "![pic](javascript:alert(1))", "<p>pic</p>"],
    [
      "quote in a title",
      '[t](https://a.example "x\\" onmouseover=\\"y")',
      '<p><a href="https://a.example" title="x&quot; onmouseover=&quot;y">t</a></p>',
    ],
  ])("neutralises %s", (_, markdown, html) => {
    expect(toEmailHtml(markdown)).toBe(html);
  });

  it("keeps a safe image", () => {
    expect(toEmailHtml("![logo](https://img.example/l.png)")).toBe(
      '<p><img src="https://img.example/l.png" alt="logo"></p>',
    );
  });

  it.each([
    ["emoji", "🚀 👨‍👩‍👧", "<p>🚀 👨‍👩‍👧</p>"],
    ["right-to-left text", "**שלום** مرحبا", "<p><strong>שלום</strong> مرحبا</p>"],
    ["zero-width characters", "a\u200bb\u200dc", "<p>a\u200bb\u200dc</p>"],
  ])("passes %s through", (_, markdown, html) => {
    expect(toEmailHtml(markdown)).toBe(html);
  });
});

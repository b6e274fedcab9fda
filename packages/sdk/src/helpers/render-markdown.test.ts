import { describe, expect, it } from "vitest";
import { type MarkdownStyle, renderMarkdown } from "./render-markdown.ts";

// A style that makes every construct visible, so the walker's structure can be checked on its own.
const TAGGED: MarkdownStyle = {
  text: (text) => text,
  strong: (inner) => `[b:${inner}]`,
  em: (inner) => `[i:${inner}]`,
  del: (inner) => `[s:${inner}]`,
  codespan: (code) => `[c:${code}]`,
  link: (href, inner) => `[a:${href}|${inner}]`,
  image: (href, alt) => `[img:${href}|${alt}]`,
  html: (raw) => `[html:${raw}]`,
  heading: (inner) => `[h:${inner}]`,
  codeBlock: (code) => `[pre:${code}]`,
  quotePrefix: "| ",
  bullet: ({ ordered, number, task, checked }) => (task ? `(${checked ? "x" : " "}) ` : ordered ? `${number}) ` : "* "),
  hr: "[hr]",
  tableRow: (cells, header) => `${header ? "H" : "R"}:${cells.join(",")}`,
};

describe("render markdown", () => {
  it.each([
    ["***both***", "[i:[b:both]]"],
    ["# **nested** strong", "[h:nested strong]"],
    ["**outer **inner** outer**", "[b:outer inner outer]"],
    ["[a **b**](/x)", "[a:/x|a [b:b]]"],
    ["1. a\n   - b\n2. c", "1) a\n   * b\n2) c"],
    ["- item\n\n  second paragraph", "* item\n\n  second paragraph"],
    ["> - quoted list\n>\n> text", "| * quoted list\n|\n| text"],
    ["> > deep", "| | deep"],
    ["| **h** |\n|---|\n| c |", "H:h\nR:c"],
    ["[ref]\n\n[ref]: https://r.example", "[a:https://r.example|ref]"],
    ["x <span>y</span>", "x [html:<span>]y[html:</span>]"],
    ["<div>\nblock\n</div>", "[html:<div>\nblock\n</div>]"],
  ])("walks %j", (markdown, rendered) => {
    expect(renderMarkdown(markdown, TAGGED)).toBe(rendered);
  });
});

import { type MarkdownStyle, renderMarkdown } from "./render-markdown.ts";

const same = (text: string) => text;

const PLAIN_STYLE: MarkdownStyle = {
  text: same,
  strong: same,
  em: same,
  del: same,
  codespan: same,
  link: (href, inner) =>
    inner === "" || inner === href || `mailto:${inner}` === href ? inner || href : `${inner} (${href})`,
  image: (href, alt) => (alt ? `${alt} (${href})` : href),
  html: same,
  heading: same,
  codeBlock: same,
  quotePrefix: "> ",
  bullet: ({ ordered, number, task, checked }) =>
    task ? (checked ? "- [x] " : "- [ ] ") : ordered ? `${number}. ` : "- ",
  hr: "---",
  tableRow: (cells) => cells.join(" | "),
};

/**
 * Converts CommonMark + GFM to plain text for e-mail: no markup, links as `text (url)`, `- ` bullets, paragraphs
 * kept apart by a blank line, quotes as `> ` lines.
 * Text over 64 KiB or nested deeper than 32 levels throws a `MarkdownLimitError` (400 naming `/text`); a paragraph
 * too costly to lex is kept as (escaped) text.
 * @example toPlainText("Read the [guide](https://docs.example/guide).") // "Read the guide (https://docs.example/guide)."
 */
export function toPlainText(markdown: string): string {
  return renderMarkdown(markdown, PLAIN_STYLE);
}

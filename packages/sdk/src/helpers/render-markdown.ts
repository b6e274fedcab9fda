import type { MarkedOptions, Token, Tokens } from "marked";
import { decodeEntities } from "./decode-entities.ts";
import { lexMarkdown } from "./lex-markdown.ts";

/** How one target (Slack mrkdwn, plain text) writes each Markdown construct; the walker does the rest. */
export interface MarkdownStyle {
  text(text: string): string;
  strong(inner: string): string;
  em(inner: string): string;
  del(inner: string): string;
  codespan(code: string): string;
  link(href: string, inner: string): string;
  image(href: string, alt: string): string;
  html(raw: string): string;
  heading(inner: string): string;
  codeBlock(code: string): string;
  /** Prefix for each line of a block quote. */
  quotePrefix: string;
  bullet(item: { ordered: boolean; number: number; task: boolean; checked: boolean }): string;
  hr: string;
  tableRow(cells: string[], header: boolean): string;
  /** Tokens of a target's own Markdown extension (a Slack mention) pass through as written. */
  passthrough?: string;
}

interface InlineContext {
  /** Inside a heading or strong span, where a target without nesting must not open bold again. */
  bold: boolean;
}

/**
 * Lexes Markdown (CommonMark + GFM) within the limits of `lexMarkdown`, with `marked`'s options (a `Marked`
 * instance's `defaults` bring its extensions), and renders it in `style`.
 */
export function renderMarkdown(markdown: string, style: MarkdownStyle, options: MarkedOptions = { gfm: true }): string {
  const tokens = lexMarkdown(markdown, options);
  // Only line breaks are trimmed: String#trim would also eat a trailing U+FEFF that is part of the content.
  return renderBlocks(tokens, style, "\n\n").replace(/^\n+|\n+$/g, "");
}

function renderBlocks(tokens: Token[], style: MarkdownStyle, separator: string): string {
  const parts: string[] = [];
  for (const token of tokens) {
    const part = renderBlock(token, style);
    if (part !== undefined) parts.push(part);
  }
  return parts.join(separator);
}

function renderBlock(token: Token, style: MarkdownStyle): string | undefined {
  const inline = (children: Token[] | undefined, bold = false) => renderInline(children ?? [], style, { bold });
  switch (token.type) {
    case "space":
    case "def":
      return undefined;
    case "paragraph":
      return inline(token.tokens);
    case "text":
      return token.tokens ? inline(token.tokens) : style.text(decodeEntities(token.text));
    case "heading":
      return style.heading(inline(token.tokens, true));
    case "code":
      return style.codeBlock(token.text);
    case "blockquote":
      return prefixLines(
        renderBlocks(token.tokens ?? [], style, "\n\n"),
        style.quotePrefix,
        style.quotePrefix.trimEnd(),
      );
    case "list":
      return renderList(token as Tokens.List, style);
    case "table":
      return renderTable(token as Tokens.Table, style);
    case "hr":
      return style.hr;
    case "html":
      return style.html(token.text.trimEnd());
    default:
      return renderInline([token], style, { bold: false });
  }
}

function renderList(list: Tokens.List, style: MarkdownStyle): string {
  const first = typeof list.start === "number" ? list.start : 1;
  const items = list.items.map((item, index) => {
    const bullet = style.bullet({
      ordered: list.ordered,
      number: first + index,
      task: item.task,
      checked: item.checked === true,
    });
    const body = renderBlocks(item.tokens, style, item.loose ? "\n\n" : "\n");
    const [head = "", ...rest] = prefixLines(body, " ".repeat(bullet.length), "").split("\n");
    return [`${bullet}${head.slice(bullet.length)}`, ...rest].join("\n");
  });
  return items.join(list.loose ? "\n\n" : "\n");
}

function renderTable(table: Tokens.Table, style: MarkdownStyle): string {
  const cells = (row: Tokens.TableCell[], header: boolean) =>
    row.map((cell) => renderInline(cell.tokens, style, { bold: header }));
  return [
    style.tableRow(cells(table.header, true), true),
    ...table.rows.map((row) => style.tableRow(cells(row, false), false)),
  ].join("\n");
}

function renderInline(tokens: Token[], style: MarkdownStyle, context: InlineContext): string {
  return tokens.map((token) => renderInlineToken(token, style, context)).join("");
}

function renderInlineToken(token: Token, style: MarkdownStyle, context: InlineContext): string {
  const inner = (children: Token[] | undefined, next = context) => renderInline(children ?? [], style, next);
  switch (token.type) {
    case "text":
      return token.tokens ? inner(token.tokens) : style.text(decodeEntities(token.text));
    case "escape":
      return style.text(token.text);
    case "strong":
      return context.bold ? inner(token.tokens) : style.strong(inner(token.tokens, { bold: true }));
    case "em":
      return style.em(inner(token.tokens));
    case "del":
      return style.del(inner(token.tokens));
    case "codespan":
      return style.codespan(token.text);
    case "br":
      return "\n";
    case "link":
      return style.link(decodeEntities(token.href), inner(token.tokens));
    case "image":
      return style.image(decodeEntities(token.href), decodeEntities(token.text));
    case "html":
      return style.html(token.text);
    default:
      return token.type === style.passthrough ? token.raw : style.text(token.raw);
  }
}

function prefixLines(text: string, prefix: string, blankPrefix: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? blankPrefix : `${prefix}${line}`))
    .join("\n");
}

import { Marked, type Tokens } from "marked";
import { isSafeHref } from "./is-safe-href.ts";
import { lexMarkdown } from "./lex-markdown.ts";

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const emailMarked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link(token: Tokens.Link) {
      return isSafeHref(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image: ({ href, text }: Tokens.Image) => (isSafeHref(href) ? false : escapeHtml(text)),
  },
});

/**
 * Converts CommonMark + GFM to an HTML fragment safe for an e-mail body: raw HTML in the input is shown as text,
 * and links or images with a scheme other than http(s), mailto or tel lose their address.
 * Text over 64 KiB or nested deeper than 32 levels throws a `MarkdownLimitError` (400 naming `/text`); a paragraph
 * too costly to lex is kept as (escaped) text.
 * @example toEmailHtml("Hi <b>there</b>, **welcome**") // "<p>Hi &lt;b&gt;there&lt;/b&gt;, <strong>welcome</strong></p>"
 */
export function toEmailHtml(markdown: string): string {
  return emailMarked.parser(lexMarkdown(markdown, emailMarked.defaults)).trimEnd();
}

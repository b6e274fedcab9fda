import { Marked, type Tokens } from "marked";
import { isSafeHref } from "./is-safe-href.ts";
import { type MarkdownStyle, renderMarkdown } from "./render-markdown.ts";

// Slack's own angle-bracket sequences (mentions, channel links, special commands) pass through untouched.
const SLACK_SEQUENCE =
  /^<(?:[@#][A-Z0-9][^<>\s]*|!(?:here|channel|everyone)(?:\|[^<>\n]*)?|!(?:subteam|date)\^[^<>\n]+)>/;

const slackMarked = new Marked({
  gfm: true,
  // A line opening with `<!here>` would otherwise start a raw-HTML block (CommonMark's `<!` declaration rule).
  tokenizer: {
    html: (source) => (SLACK_SEQUENCE.test(source) ? undefined : false),
  },
  extensions: [
    {
      name: "slackSequence",
      level: "inline",
      // No `start`: plain text already stops at every `<`, and searching the rest of the block at each stop was
      // quadratic.
      tokenizer: (source): Tokens.Generic | undefined => {
        const match = SLACK_SEQUENCE.exec(source);
        return match ? { type: "slackSequence", raw: match[0] } : undefined;
      },
    },
  ],
});

/** Escapes the three characters Slack treats as control characters, as Slack documents. */
export function escapeSlackText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

// Inside `<url|label>` the URL must not contain the delimiters; percent-encoding keeps it the same address.
function slackUrl(href: string): string {
  return href.replaceAll("<", "%3C").replaceAll(">", "%3E").replaceAll("|", "%7C").replaceAll(" ", "%20");
}

// A link Slack should not follow (javascript:, data:) keeps only its label.
function slackLink(href: string, label: string): string {
  if (!isSafeHref(href)) return label;
  return label === "" || label === escapeSlackText(href) ? `<${slackUrl(href)}>` : `<${slackUrl(href)}|${label}>`;
}

const SLACK_STYLE: MarkdownStyle = {
  text: escapeSlackText,
  strong: (inner) => (inner ? `*${inner}*` : ""),
  em: (inner) => (inner ? `_${inner}_` : ""),
  del: (inner) => (inner ? `~${inner}~` : ""),
  codespan: (code) => `\`${escapeSlackText(code)}\``,
  link: (href, inner) => slackLink(href, inner),
  image: (href, alt) => slackLink(href, escapeSlackText(alt)),
  html: escapeSlackText,
  heading: (inner) => (inner ? `*${inner}*` : ""),
  codeBlock: (code) => `\`\`\`\n${escapeSlackText(code)}\n\`\`\``,
  quotePrefix: "> ",
  bullet: ({ ordered, number, task, checked }) => (task ? (checked ? "☑ " : "☐ ") : ordered ? `${number}. ` : "• "),
  hr: "———",
  tableRow: (cells, header) => cells.map((cell) => (header && cell ? `*${cell}*` : cell)).join(" | "),
  passthrough: "slackSequence",
};

/**
 * Converts CommonMark + GFM to Slack mrkdwn: `*bold*`, `_italic_`, `~strike~`, code, ``` blocks, `<url|text>`
 * links, `•` lists, bold headings and `>` quotes, with `&`, `<` and `>` escaped in text.
 * Text over 64 KiB or nested deeper than 32 levels throws a `MarkdownLimitError` (400 naming `/text`); a paragraph
 * too costly to lex is kept as (escaped) text.
 * @example toSlackMrkdwn("**Deploy** done, see [logs](https://ci.example/1)") // "*Deploy* done, see <https://ci.example/1|logs>"
 */
export function toSlackMrkdwn(markdown: string): string {
  return renderMarkdown(markdown, SLACK_STYLE, slackMarked.defaults);
}

import { Lexer, type MarkedOptions, type Token } from "marked";
import { inlineCost } from "./inline-cost.ts";
import { checkMarkdownLimits, MARKDOWN_INLINE_BUDGET, MARKDOWN_MAX_INLINE_DEPTH } from "./markdown-limits.ts";

// marked's inline lexer is quadratic or worse on some inputs; this one lexes a block only while the document's
// estimated cost stays within budget, and keeps a block past it (or inline nesting past the limit) as plain text.
class BudgetedLexer extends Lexer {
  private remaining = MARKDOWN_INLINE_BUDGET;
  private depth = 0;
  // Known once the blocks are lexed, which is before any inline lexing.
  private definitions: number | undefined;

  override inlineTokens(src: string, tokens: Token[] = []): Token[] {
    if (this.depth === 0) {
      this.definitions ??= Object.keys(this.tokens.links).length;
      const cost = inlineCost(src, this.definitions);
      if (cost > this.remaining) return plainText(src, tokens);
      this.remaining -= cost;
    } else if (this.depth >= MARKDOWN_MAX_INLINE_DEPTH) {
      return plainText(src, tokens);
    }
    this.depth += 1;
    try {
      return super.inlineTokens(src, tokens);
    } finally {
      this.depth -= 1;
    }
  }
}

function plainText(src: string, tokens: Token[]): Token[] {
  tokens.push({ type: "text", raw: src, text: src, escaped: false });
  return tokens;
}

/**
 * Lexes Markdown with `options` (a `Marked` instance's `defaults` keep its extensions) after checking the size and
 * nesting limits, with a bounded amount of inline work.
 */
export function lexMarkdown(markdown: string, options: MarkedOptions = { gfm: true }): Token[] {
  checkMarkdownLimits(markdown);
  // The lexer writes its tokenizer into the options it is given; a copy keeps the caller's object as it was.
  return new BudgetedLexer({ ...options }).lex(markdown);
}

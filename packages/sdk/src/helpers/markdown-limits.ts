import { AdapterHttpError } from "../errors/adapter-http-error.ts";

/** The largest Markdown text the converters take, in UTF-8 bytes (64 KiB); Slack itself stops at 40,000 characters. */
export const MARKDOWN_MAX_BYTES = 64 * 1024;

/** The deepest nesting of block quotes and lists the converters take, counted per line before lexing. */
export const MARKDOWN_MAX_DEPTH = 32;

/** Nested emphasis, strikethrough or link text deeper than this is kept as plain text. */
export const MARKDOWN_MAX_INLINE_DEPTH = 16;

/**
 * The inline work a document may cost (see `inlineCost`), about 150 ms of `marked` on a 2-core machine; blocks past
 * it are kept as plain text instead of being lexed.
 */
export const MARKDOWN_INLINE_BUDGET = 150_000_000;

/**
 * Thrown by the Markdown converters for a text over {@link MARKDOWN_MAX_BYTES} or nested deeper than
 * {@link MARKDOWN_MAX_DEPTH}; the SDK answers it as 400 `invalid_request` naming `/text` (the field of `/format`).
 */
export class MarkdownLimitError extends AdapterHttpError {
  constructor(message: string) {
    super("invalid_request", message, { issues: [{ path: "/text", message }] });
  }
}

// A list item marker followed by a space, tab or the line end.
const LIST_MARKER = /(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/y;
// `- - -` and `* * *` are thematic breaks, not nested lists.
const THEMATIC_BREAK = /([-*_])(?:[ \t]*\1){2,}[ \t]*$/y;

/** Throws a {@link MarkdownLimitError} when `markdown` is too large or too deeply nested to convert safely. */
export function checkMarkdownLimits(markdown: string): void {
  const bytes = Buffer.byteLength(markdown, "utf8");
  if (bytes > MARKDOWN_MAX_BYTES) {
    throw new MarkdownLimitError(`text is ${bytes} bytes; the limit is ${MARKDOWN_MAX_BYTES} bytes`);
  }
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (nestingDepth(line) > MARKDOWN_MAX_DEPTH) {
      throw new MarkdownLimitError(`text nests quotes or lists deeper than ${MARKDOWN_MAX_DEPTH} levels`);
    }
  }
}

// An upper bound on the containers a line opens or continues: each quote or list marker (with the one space that
// belongs to it) is a level, and a list nested by indentation needs at least two more columns per level. A line
// without a marker opens nothing, so indented code is not counted. Stops counting once past the limit.
function nestingDepth(line: string): number {
  let markers = 0;
  let columns = 0;
  let at = 0;
  while (markers <= MARKDOWN_MAX_DEPTH) {
    const char = line[at];
    if (char === " " || char === "\t") {
      columns += char === " " ? 1 : 4;
      at += 1;
      continue;
    }
    if (char === ">") {
      at += 1;
    } else {
      THEMATIC_BREAK.lastIndex = at;
      LIST_MARKER.lastIndex = at;
      if (THEMATIC_BREAK.test(line) || !LIST_MARKER.test(line)) break;
      at = LIST_MARKER.lastIndex;
    }
    markers += 1;
    if (line[at] === " ") at += 1;
  }
  return markers === 0 ? 0 : markers + Math.floor(columns / 2);
}

// Weights are rough nanoseconds of marked 16 per unit on a busy 2-core machine, measured on the worst input of
// each kind.
/** Per character in a run without whitespace, squared (e-mail and URL look-aheads rescan the run). */
const RUN_WEIGHT = 3;
/** Per delimiter run × block length: an unclosed `*`, `_`, `~` or backtick run scans to the end of its block. */
const SCAN_WEIGHT = 20;
/** Per pair of runs of the same delimiter: an opener's scan matches every later run of its kind. */
const MATCH_WEIGHT = 1000;
/** Per `\`, `[` or `<` × block length: each is masked with a copy of the block, or starts a tag or link attempt. */
const MASK_WEIGHT = 0.25;
/** Per character a link title attempt may scan (the link pattern backtracks through its destination). */
const LINK_WEIGHT = 25;
/** Per way a link label can split the backtick runs after its `[` into code spans (exponential in marked 16). */
const LABEL_WEIGHT = 50;
/** Per `[` × link reference definition in the document: each `[` is looked up in the list of definitions. */
const DEFINITION_WEIGHT = 50;
/** Per definition × lexer call (the block, and each emphasis or link inside it): each call copies their names. */
const DEFINITION_COPY_WEIGHT = 25;

const PAREN_OPEN = 0x28;
const PAREN_CLOSE = 0x29;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/**
 * An upper bound, in rough nanoseconds, on what `marked`'s inline lexer spends on one block of text in a document
 * with `definitions` link reference definitions. Its scans are quadratic or worse in five places: text runs
 * without whitespace (e-mail and URL look-aheads), unclosed delimiter runs, characters that are masked or start an
 * attempt, link titles tried at every backtracking step, and the definitions copied and searched on every call.
 */
export function inlineCost(text: string, definitions = 0): number {
  const length = text.length;
  let runs = 0;
  let runStart = 0;
  let delimiterRuns = 0;
  const runsOf = new Map<number, number>();
  let masked = 0;
  let brackets = 0;
  for (let at = 0; at <= length; at += 1) {
    const code = at < length ? text.charCodeAt(at) : 0;
    if (isSeparator(code)) {
      runs += (at - runStart) ** 2;
      runStart = at + 1;
    }
    if (isDelimiter(code) && (at === 0 || text.charCodeAt(at - 1) !== code)) {
      delimiterRuns += 1;
      runsOf.set(code, (runsOf.get(code) ?? 0) + 1);
    }
    if (code === BACKSLASH || code === 0x5b || code === 0x3c) masked += 1;
    if (code === 0x5b) brackets += 1;
  }
  let pairs = 0;
  for (const count of runsOf.values()) pairs += count * count;
  const linear = length * (SCAN_WEIGHT * delimiterRuns + MASK_WEIGHT * masked);
  const calls = 1 + delimiterRuns + brackets;
  const lookups = definitions * (DEFINITION_WEIGHT * brackets + DEFINITION_COPY_WEIGHT * calls);
  const links = LINK_WEIGHT * linkTitleScans(text) + LABEL_WEIGHT * labelSplits(text) + lookups;
  return RUN_WEIGHT * runs + MATCH_WEIGHT * pairs + linear + links;
}

// marked's link label pattern reads code spans as `+[^`]*?`+ and, when no label closes, tries every way of cutting
// the backtick runs after the `[` into openers and closers: about the product of the run lengths.
function labelSplits(text: string): number {
  let total = 0;
  let ways = 1;
  let run = 0;
  for (let at = text.length - 1; at >= -1; at -= 1) {
    const code = at >= 0 ? text.charCodeAt(at) : 0;
    if (code === 0x60) {
      run += 1;
      continue;
    }
    if (run > 0) ways *= run;
    run = 0;
    if (code === 0x5b) total += ways;
  }
  return total;
}

// For each `](`, the link pattern takes the longest destination (a run without whitespace) and backtracks through
// it; at every `(`, `"` or `'` on the way it tries a title that scans to its closer, or to the end of the block.
// Suffix sums over each run make this one backward pass instead of a scan per `](`.
function linkTitleScans(text: string): number {
  if (!text.includes("](")) return 0;
  const length = text.length;
  const titleScan = new Float64Array(length + 1);
  const runScans = new Float64Array(length + 1);
  const runEnd = new Int32Array(length + 1);
  const nextNonBlank = new Int32Array(length + 1);
  runEnd[length] = length;
  nextNonBlank[length] = length;
  let nextParen = length;
  let nextDouble = length;
  let nextSingle = length;
  for (let at = length - 1; at >= 0; at -= 1) {
    const code = text.charCodeAt(at);
    const closer =
      code === PAREN_OPEN ? nextParen : code === DOUBLE_QUOTE ? nextDouble : code === SINGLE_QUOTE ? nextSingle : at;
    titleScan[at] = closer - at;
    const separator = isSeparator(code);
    runScans[at] = separator ? 0 : closer - at + (runScans[at + 1] ?? 0);
    runEnd[at] = separator ? at : (runEnd[at + 1] ?? length);
    nextNonBlank[at] = code === 0x20 || code === 0x09 ? (nextNonBlank[at + 1] ?? length) : at;
    // An escaped closer does not end a title; counting `\\)` as escaped too only makes the bound larger.
    if (at > 0 && text.charCodeAt(at - 1) === BACKSLASH) continue;
    if (code === PAREN_CLOSE) nextParen = at;
    else if (code === DOUBLE_QUOTE) nextDouble = at;
    else if (code === SINGLE_QUOTE) nextSingle = at;
  }
  let total = 0;
  for (let at = text.indexOf("]("); at >= 0; at = text.indexOf("](", at + 1)) {
    let start = nextNonBlank[at + 2] ?? length;
    while (text.charCodeAt(start) === NEWLINE) start = nextNonBlank[start + 1] ?? length;
    total += runScans[start] ?? 0;
    // A title may also follow the destination after blanks and one line break.
    let after = nextNonBlank[runEnd[start] ?? length] ?? length;
    if (text.charCodeAt(after) === NEWLINE) after = nextNonBlank[after + 1] ?? length;
    total += titleScan[after] ?? 0;
  }
  return total;
}

// What ends a link destination: space and the C0 controls (tab, line breaks).
function isSeparator(code: number): boolean {
  return code <= 0x20;
}

function isDelimiter(code: number): boolean {
  return code === 0x2a || code === 0x5f || code === 0x7e || code === 0x60;
}

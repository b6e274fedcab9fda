import { isUtf8 } from "node:buffer";
import { exceedsJsonDepth, type Issue, MAX_JSON_DEPTH } from "@adapterkit/contract/adapter";
import type { z } from "zod";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { toIssues } from "../errors/to-issues.ts";

/**
 * Parses a request body as JSON and checks it against the endpoint's request schema and the manifest's
 * credential fields, throwing 400 `invalid_request` whose `issues` name every offending field.
 */
export function parseInput(
  body: Buffer,
  schema: z.ZodType,
  credentialsSchema: z.ZodType<Record<string, unknown>>,
): unknown {
  const json = parseJson(body);
  const result = schema.safeParse(json);
  const issues = result.success ? [] : toIssues(result.error.issues);
  const credentials = isRecord(json) ? json.credentials : undefined;
  if (isRecord(credentials)) {
    const checked = credentialsSchema.safeParse(credentials);
    if (!checked.success) issues.push(...toIssues(checked.error.issues, ["credentials"]));
  }
  if (issues.length > 0) throw invalid(issues);
  return (result as { data: unknown }).data;
}

function parseJson(body: Buffer): unknown {
  if (!isUtf8(body)) throw invalid([{ path: "", message: "the body is not UTF-8 text" }]);
  // D105: refused before anything recurses over it (zod, a handler's JSON.stringify).
  if (exceedsJsonDepth(body))
    throw invalid([{ path: "", message: `the body is nested deeper than ${MAX_JSON_DEPTH} levels` }]);
  const text = body.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    // Never JSON.parse's message: it quotes the text around the error, and in a request body that is credentials.
    throw invalid([{ path: "", message: `the body is not valid JSON (at position ${jsonErrorPosition(text)})` }]);
  }
}

const BLANK = /[ \t\n\r]*/y;
const SCALAR = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** Where a token ends, or where it broke. */
type Scan = { end: number } | { error: number };

// The offset (as JSON.parse counts it) of the first character at which `text` stops being JSON, so that only a
// position is reported, never text. Iterative: deep nesting cannot overflow the stack.
function jsonErrorPosition(text: string): number {
  const closers: string[] = [];
  let expect: "value" | "key" | "after" = "value";
  let at = 0;
  for (;;) {
    at = matchEnd(BLANK, text, at);
    const char = text[at];
    if (expect === "after") {
      if (closers.length === 0 || (char !== "," && char !== closers.at(-1))) return at;
      at += 1;
      if (char === ",") expect = closers.at(-1) === "}" ? "key" : "value";
      else closers.pop();
    } else if (expect === "value" && (char === "{" || char === "[")) {
      closers.push(char === "{" ? "}" : "]");
      expect = char === "{" ? "key" : "value";
      at = matchEnd(BLANK, text, at + 1);
      // An empty object or array closes at once.
      if (text[at] === closers.at(-1)) {
        closers.pop();
        at += 1;
        expect = "after";
      }
    } else {
      const scan: Scan = char === '"' ? scanString(text, at) : expect === "key" ? { error: at } : scanScalar(text, at);
      if ("error" in scan) return scan.error;
      at = scan.end;
      if (expect === "key") {
        at = matchEnd(BLANK, text, at);
        if (text[at] !== ":") return at;
        at += 1;
      }
      expect = expect === "key" ? "value" : "after";
    }
  }
}

function matchEnd(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(text) ? pattern.lastIndex : from;
}

function scanScalar(text: string, from: number): Scan {
  const end = matchEnd(SCALAR, text, from);
  return end === from ? { error: from } : { end };
}

// A loop, not a pattern: a pattern over a long unterminated string backtracks.
function scanString(text: string, from: number): Scan {
  for (let at = from + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return { end: at + 1 };
    if (code < 0x20) return { error: at };
    if (code !== 0x5c) continue;
    const escaped = text[at + 1];
    HEX4.lastIndex = at + 2;
    if (escaped === "u" && HEX4.test(text)) at += 5;
    else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) at += 1;
    else return { error: at + 1 };
  }
  return { error: text.length };
}

function invalid(issues: Issue[]): AdapterHttpError {
  const [first] = issues as [Issue, ...Issue[]];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  const where = first.path === "" ? "" : `${first.path}: `;
  return new AdapterHttpError("invalid_request", `${where}${first.message}${more}`, { issues });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The project cites only documents it contains (A21, D400–D402): every relative link in a Markdown file resolves,
// every `contract.md#…`, `architecture.md#…` or `decisions.md#…` cited anywhere names an anchor that exists, and no
// file cites the outside documents the project was started from.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const DOCS = join(ROOT, "docs");
const SKIPPED_DIRS = new Set([
  ".git",
  "node_modules",
  "data",
  "coverage",
  "dist",
  ".packs",
  "scratch",
  "out",
  "screenshots",
]);
const BINARY = /\.(png|jpe?g|gif|ico|gz|tgz|zip|woff2?|sqlite|db)$/i;
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

// Assembled from parts so that this file does not match itself.
const OUTSIDE_CITATION = new RegExp(
  ["\\bSP" + "EC\\b", "DES" + "IGN (§|A\\d)", "shared/DES" + "IGN", "SP" + "EC\\.md", "DES" + "IGN\\.md"].join("|"),
);
const DOC_CITATION = /\b(contract|architecture|decisions)\.md#([A-Za-z0-9_-]+)/g;

function walk(dir: string, files: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name), files);
    } else if (entry.isFile() && !BINARY.test(entry.name) && !entry.name.endsWith(".log")) {
      files.push(join(dir, entry.name));
    }
  }
  return files;
}

const FILES = walk(ROOT).filter((file) => statSync(file).size < 4_000_000);
const TEXTS = new Map(FILES.map((file) => [relative(ROOT, file), readFileSync(file, "utf8")]));
const MARKDOWN = [...TEXTS.keys()].filter((file) => file.endsWith(".md"));

/** Markdown without fenced code blocks, where a heading or a link is only text. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** Markdown without fenced code blocks and inline code spans. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, "");
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function headingSlugs(markdown: string): string[] {
  const seen = new Map<string, number>();
  return [...withoutFences(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)].map((match) => {
    const text = (match[1] ?? "").replace(/<[^>]+>/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  });
}

/** Every anchor a Markdown file offers: explicit ids and heading slugs. */
function anchorsOf(markdown: string): Set<string> {
  const explicit = [...markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((match) => match[1] ?? "");
  return new Set([...explicit, ...headingSlugs(markdown)]);
}

const DOC_ANCHORS = new Map(
  ["contract", "architecture", "decisions"].map((name) => {
    const file = join(DOCS, `${name}.md`);
    return [name, existsSync(file) ? anchorsOf(readFileSync(file, "utf8")) : new Set<string>()];
  }),
);

/** `[text](target)` links of a Markdown file, outside code. */
function linksOf(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? "");
}

describe("the project's documents", () => {
  it("resolves every relative link in every Markdown file to a file, and every #anchor to an anchor there", () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      for (const link of linksOf(TEXTS.get(file) ?? "")) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
        const [path = "", anchor] = link.split("#");
        const target = path === "" ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
        if (!existsSync(target)) {
          broken.push(`${file}: ${link} (no such file)`);
        } else if (anchor !== undefined && target.endsWith(".md") && statSync(target).isFile()) {
          if (!anchorsOf(readFileSync(target, "utf8")).has(anchor)) broken.push(`${file}: ${link} (no such anchor)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("names an existing anchor in every contract.md, architecture.md or decisions.md citation", () => {
    const missing: string[] = [];
    for (const [file, text] of TEXTS) {
      for (const [citation, name = "", anchor = ""] of text.matchAll(DOC_CITATION)) {
        if (!DOC_ANCHORS.get(name)?.has(anchor)) missing.push(`${file}: ${citation}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("cites no document the repository does not contain", () => {
    const outside: string[] = [];
    for (const [file, text] of TEXTS) {
      if (file === THIS_FILE) continue;
      text.split("\n").forEach((line, index) => {
        if (OUTSIDE_CITATION.test(line)) outside.push(`${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
      });
    }
    expect(outside).toEqual([]);
  });

  it("gives each of A1–A21 an anchor in architecture.md, as code cites them by number", () => {
    const anchors = DOC_ANCHORS.get("architecture") ?? new Set<string>();
    const absent = Array.from({ length: 21 }, (_, index) => `a${index + 1}`).filter((id) => !anchors.has(id));
    expect(absent).toEqual([]);
  });
});

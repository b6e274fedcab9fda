import { describe, expect, it } from "vitest";
import { inlineCost } from "./inline-cost.ts";
import { MARKDOWN_INLINE_BUDGET } from "./markdown-limits.ts";

const MESSAGE =
  "Deploy **v2.3** finished, see [the logs](https://ci.example/runs/1?a=1&b=2) and `npm test`. It's _green_ " +
  "now; ping <@U024BE7LH> if ~~anything~~ breaks (or open an issue).\n";

describe("inlineCost", () => {
  it("keeps a long paragraph with a hundred formatted spans well below the budget", () => {
    const paragraph = MESSAGE.repeat(24);
    expect(paragraph.length).toBeGreaterThan(4000);
    expect(inlineCost(paragraph)).toBeLessThan(MARKDOWN_INLINE_BUDGET / 4);
  });

  // Each input took marked 16 one second or more on a 2-core machine.
  it.each([
    ["unclosed links", "[a](".repeat(1000)],
    ["unclosed links with spaces", "[a]( ".repeat(13_000)],
    ["link titles never closed", "[a](x (".repeat(9000)],
    ["unclosed emphasis", "*a ".repeat(1600)],
    ["alternating emphasis", "*a _b ".repeat(2700)],
    ["unclosed strikethrough", "~a ~~b ".repeat(9000)],
    ["unclosed code spans", "``a`".repeat(16_000)],
    ["a run of e-mail characters", `${"a".repeat(40_000)}@`],
    ["stops inside one run", "!a".repeat(32_000)],
    ["a URL with trailing punctuation", `www.a${"?".repeat(60_000)}`],
    ["backtick runs inside a link label", `[${"`".repeat(16)}a`.repeat(6)],
  ])("puts %s over the budget", (_, text) => {
    expect(inlineCost(text)).toBeGreaterThan(MARKDOWN_INLINE_BUDGET);
  });

  it("counts every `[` against each link reference definition of the document", () => {
    const references = "[a1] ".repeat(8000);
    expect(inlineCost(references, 1)).toBeLessThan(MARKDOWN_INLINE_BUDGET);
    expect(inlineCost(references, 3000)).toBeGreaterThan(MARKDOWN_INLINE_BUDGET);
  });

  it("counts the definitions marked copies on every call, so many short blocks add up", () => {
    const perBlock = inlineCost("*a*", 2000);
    expect(perBlock).toBeGreaterThan(inlineCost("*a*", 0) + 2000 * 50);
    expect(perBlock * 5500).toBeGreaterThan(MARKDOWN_INLINE_BUDGET);
  });

  it("counts a link title only up to its closer", () => {
    const closed = "[a](x (t)) ".repeat(3000);
    const open = "[a](x (t ".repeat(3000);
    expect(inlineCost(closed)).toBeLessThan(MARKDOWN_INLINE_BUDGET);
    expect(inlineCost(open)).toBeGreaterThan(MARKDOWN_INLINE_BUDGET);
  });
});

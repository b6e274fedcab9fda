import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "./index.ts";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const ROW = /^\| `(?<id>[^`]+)` \| (?<level>[a-z]+) \| (?<rationale>.*) \|$/;

/** The rows of the README's checks table: the lines of the "## Checks" section that look like check rows. */
function checksTableOf(markdown: string): { id: string; level: string; rationale: string }[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith("Checks\n")) ?? "";
  return section.split("\n").flatMap((line) => {
    const groups = ROW.exec(line)?.groups;
    return groups === undefined
      ? []
      : [{ id: groups.id ?? "", level: groups.level ?? "", rationale: groups.rationale ?? "" }];
  });
}

describe("ALL_CHECKS", () => {
  it("is listed in the README's checks table, in order, with each check's level and rationale", () => {
    const registry = ALL_CHECKS.map(({ id, level, rationale }) => ({ id, level, rationale }));
    expect(checksTableOf(README)).toEqual(registry);
  });

  it("has unique ids", () => {
    const ids = ALL_CHECKS.map((check) => check.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});

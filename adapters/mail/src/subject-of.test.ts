import { describe, expect, it } from "vitest";
import { subjectOf } from "./subject-of.ts";

describe("subjectOf", () => {
  it("takes the first non-blank line, trimmed", () => {
    expect(subjectOf("\n\n  Report ready  \nDetails follow.")).toBe("Report ready");
  });

  it("shortens a long line to 78 characters with an ellipsis, counting emoji as one", () => {
    const subject = subjectOf(`${"😀".repeat(10)}${"a".repeat(100)}`);
    expect([...subject]).toHaveLength(78);
    expect(subject.endsWith("…")).toBe(true);
    expect(subject.startsWith("😀".repeat(10))).toBe(true);
  });

  it("answers (no subject) for blank text", () => {
    expect(subjectOf(" \n\t\n")).toBe("(no subject)");
  });
});

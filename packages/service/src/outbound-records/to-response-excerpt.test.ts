import { describe, expect, it } from "vitest";
import { toResponseExcerpt } from "./to-response-excerpt.ts";

describe("toResponseExcerpt", () => {
  it("keeps a short answer whole and says it is not truncated", () => {
    expect(toResponseExcerpt('{"ok":true}')).toEqual({ excerpt: '{"ok":true}', truncated: false });
  });

  it("cuts a long answer at 1 KiB and says so", () => {
    const { excerpt, truncated } = toResponseExcerpt("a".repeat(5000));
    expect(excerpt).toHaveLength(1024);
    expect(truncated).toBe(true);
  });

  it("drops a character cut in half at the bound rather than keeping a broken one", () => {
    const { excerpt } = toResponseExcerpt(Buffer.from(`${"a".repeat(1023)}é`, "utf8"));
    expect(excerpt).toBe("a".repeat(1023));
  });

  it("answers null for an empty answer and makes NUL storable", () => {
    expect(toResponseExcerpt(null)).toEqual({ excerpt: null, truncated: false });
    expect(toResponseExcerpt("")).toEqual({ excerpt: null, truncated: false });
    expect(toResponseExcerpt("a\u0000b").excerpt).toBe("a\uFFFDb");
  });

  it("redacts a secret within the excerpt", () => {
    expect(toResponseExcerpt('{"token":"xoxb-1234567890-abc"}').excerpt).toBe('{"token":"[redacted]"}');
  });
});

import { describe, expect, it } from "vitest";
import { isSafeHref } from "./is-safe-href.ts";

describe("is safe href", () => {
  it.each([
    "https://a.example/x",
    "HTTP://A.EXAMPLE",
    "mailto:ops@example.test",
    "tel:+4712345678",
    "/relative/path",
    "#fragment",
    "page.html?x=1:2",
  ])("allows %j", (href) => {
    expect(isSafeHref(href)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\u0000script:alert(1)",
    "&#106;avascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
  ])("refuses %j", (href) => {
    expect(isSafeHref(href)).toBe(false);
  });
});

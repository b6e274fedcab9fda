import { describe, expect, it } from "vitest";
import { decodeEntities } from "./decode-entities.ts";

describe("decode entities", () => {
  it.each([
    ["a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;", "a & b <c> \"d\" 'e'"],
    ["&#169; &#xA9; &#X1F600;", "© © 😀"],
    ["non&nbsp;breaking", "non\u00a0breaking"],
    ["&#0;", "\ufffd"],
    ["plain text", "plain text"],
  ])("decodes %j", (text, decoded) => {
    expect(decodeEntities(text)).toBe(decoded);
  });

  it.each(["&unknown;", "&amp", "&#xD800;", "&#1114112;", "& amp;", "&#;"])("leaves %j as written", (text) => {
    expect(decodeEntities(text)).toBe(text);
  });

  it("decodes once, not recursively", () => {
    expect(decodeEntities("&amp;lt;")).toBe("&lt;");
  });
});

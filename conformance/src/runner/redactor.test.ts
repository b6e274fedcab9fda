import { describe, expect, it } from "vitest";
import { createRedactor } from "./redactor.ts";

describe("createRedactor", () => {
  it("masks secrets of six characters or more, longest first, but not short values or URLs", () => {
    const redactor = createRedactor();
    redactor.addCredentials({
      token: "xoxb-secret-token",
      prefix: "xoxb-secret",
      short: "abc",
      url: "https://api.example.test",
    });
    const text = redactor.redact("token xoxb-secret-token, flag abc, api https://api.example.test");
    expect(text).toBe("token [REDACTED], flag abc, api https://api.example.test");
  });

  it("masks the JSON-escaped form of a secret and nested credential values", () => {
    const redactor = createRedactor();
    redactor.addCredentials({ nested: { password: 'pa"ss/word' } });
    redactor.addSecret("whsec_abcdef");
    expect(redactor.redact('{"p":"pa\\"ss/word","s":"whsec_abcdef"}')).toBe('{"p":"[REDACTED]","s":"[REDACTED]"}');
  });

  it("masks a fragment of eight characters or more of a secret, so failure output never shows part of one", () => {
    const redactor = createRedactor();
    redactor.addCredentials({ token: "xoxb-conformance-good" });
    const quoted = `Unexpected token 'x', ..."{"token":xoxb-confo"... is not valid JSON`;
    expect(redactor.redact(quoted)).toBe(`Unexpected token 'x', ..."{"token":[REDACTED]"... is not valid JSON`);
    expect(redactor.redact("prefix xoxb-co and -good")).toBe("prefix xoxb-co and -good");
  });
});

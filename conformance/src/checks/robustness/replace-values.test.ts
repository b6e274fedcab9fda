import { describe, expect, it } from "vitest";
import { replaceValues, standInsFor } from "./replace-values.ts";

describe("replaceValues", () => {
  it("gives each value a random stand-in of its length, made of letters and digits", () => {
    const standIns = standInsFor(["tok_alpha-secret", 'pa"ss/word']);
    expect([...standIns.keys()]).toEqual(["tok_alpha-secret", 'pa"ss/word']);
    for (const [value, standIn] of standIns) {
      expect(standIn).toMatch(/^[A-Za-z0-9]+$/);
      expect(standIn).toHaveLength(value.length);
    }
    expect(standInsFor(["tok_alpha-secret"]).get("tok_alpha-secret")).not.toBe(standIns.get("tok_alpha-secret"));
  });

  it("replaces values in a JSON body, escaped ones included, and in a raw body, longest first", () => {
    const standIns = new Map([
      ["tok_alpha-secret", "AAAAAAAAAAAAAAAA"],
      ["tok_alpha", "BBBBBBBBB"],
      ['pa"ss/word', "CCCCCCCCCC"],
    ]);
    const request = {
      endpoint: "verify" as const,
      what: "x",
      body: { credentials: { a: "tok_alpha-secret", b: 'pa"ss/word', c: "tok_alpha" } },
    };
    expect(replaceValues(request, standIns).body).toEqual({
      credentials: { a: "AAAAAAAAAAAAAAAA", b: "CCCCCCCCCC", c: "BBBBBBBBB" },
    });
    const raw = {
      endpoint: "verify" as const,
      what: "x",
      body: undefined,
      rawBody: '{"credentials":{"a":tok_alpha-secret}',
    };
    expect(replaceValues(raw, standIns).rawBody).toBe('{"credentials":{"a":AAAAAAAAAAAAAAAA}');
  });
});

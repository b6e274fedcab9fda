import { describe, expect, it } from "vitest";
import { createSecretMatcher } from "./secret-matcher.ts";

const matcherOf = (...values: string[]) => {
  const matcher = createSecretMatcher();
  for (const value of values) matcher.add(value);
  return matcher;
};

describe("createSecretMatcher", () => {
  it("finds a whole secret and any run of eight of its characters", () => {
    const matcher = matcherOf("whsec_3BLnv1SEHDhSoP");
    expect(matcher.spans("key whsec_3BLnv1SEHDhSoP end")).toEqual([[4, 24]]);
    // What Node's JSON.parse quotes around an error: the start of the value only.
    expect(matcher.spans(`...":whsec_3BLn"... is not valid JSON`)).toEqual([[5, 15]]);
    expect(matcher.spans("tail: 1SEHDhSoP")).toEqual([[6, 15]]);
  });

  it("ignores runs of seven characters, short values and URLs", () => {
    const matcher = matcherOf("whsec_3BLnv1SEHDhSoP", "abc12", "https://api.example.test/v1");
    expect(matcher.spans("whsec_3 and 3BLnv1S abc12 https://api.example.test/v1")).toEqual([]);
  });

  it("matches a six- or seven-character value only whole", () => {
    const matcher = matcherOf("tok_abc");
    expect(matcher.spans("a tok_abc b")).toEqual([[2, 9]]);
    expect(matcher.spans("a tok_ab b")).toEqual([]);
  });

  it("finds the JSON-escaped form of a secret and merges overlapping matches", () => {
    const matcher = matcherOf('pa"ss/word-long', "ss/word-long-tail");
    expect(matcher.spans('{"p":"pa\\"ss/word-long-tail"}')).toEqual([[6, 27]]);
  });
});

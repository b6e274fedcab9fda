import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";

describe("canonical json", () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: [3, { d: 1, c: 2 }] }, a: null }, '{"a":null,"z":{"y":[3,{"c":2,"d":1}]}}'],
    [{ B: 1, a: 2, "": 3, é: 4 }, '{"":3,"B":1,"a":2,"é":4}'],
    [["x", true, -0.5], '["x",true,-0.5]'],
    ["line\nbreak \u2028 😀", '"line\\nbreak \u2028 😀"'],
    [{ kept: 1, dropped: undefined }, '{"kept":1}'],
    [{ at: new Date("2024-01-02T03:04:05.000Z") }, '{"at":"2024-01-02T03:04:05.000Z"}'],
  ])("writes %j as %s", (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it("gives the same text for the same data whatever the key order", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
        expect(JSON.parse(canonicalJson(record))).toEqual(JSON.parse(JSON.stringify(record)));
      }),
    );
  });

  it.each([
    [Number.NaN, /\$ is NaN/],
    [{ a: Number.POSITIVE_INFINITY }, /\$\.a is Infinity/],
    [{ n: 10n }, /\$\.n is a bigint/],
    [[undefined], /\$\[0\] is a undefined/],
    [() => 1, /is a function/],
    [Symbol("s"), /is a symbol/],
  ])("refuses %s, naming where it is", (value, message) => {
    expect(() => canonicalJson(value)).toThrow(message);
  });

  it("refuses a cycle but accepts the same object twice side by side", () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => canonicalJson(loop)).toThrow(/refers back to itself/);
  });
});

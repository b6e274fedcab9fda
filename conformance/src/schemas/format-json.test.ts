import { describe, expect, it } from "vitest";
import { formatJson } from "./format-json.ts";

describe("formatJson", () => {
  it("expands objects and keeps a short array of plain values on one line", () => {
    expect(formatJson({ a: { b: [1, "x", null] }, e: {}, f: [] })).toBe(
      '{\n  "a": {\n    "b": [1, "x", null]\n  },\n  "e": {},\n  "f": []\n}\n',
    );
  });

  it("expands an array that would pass 120 columns, and any array holding objects", () => {
    const long = Array.from({ length: 12 }, (_, index) => `value-number-${index}`);
    const text = formatJson({ long, objects: [{ a: 1 }] });
    expect(text).toContain('"long": [\n    "value-number-0",\n');
    expect(text).toContain('"objects": [\n    {\n      "a": 1\n    }\n  ]');
    expect(JSON.parse(text)).toEqual({ long, objects: [{ a: 1 }] });
  });

  it("counts the key and the trailing comma in the line width", () => {
    const items = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];
    const flat = `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
    const key = "k".repeat(120 - flat.length - 2 - 4);
    expect(formatJson({ [key]: items })).toContain(`: ${flat}\n`);
    expect(formatJson({ [key]: items, z: 1 })).toContain(`: [\n`);
  });
});

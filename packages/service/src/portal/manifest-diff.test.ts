import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffManifests } from "./manifest-diff.ts";

// The plain comparison the diff must agree with: both manifests flattened to JSON Pointer → JSON text, then the
// newer one's leaves that differ, in its order, and the older one's that are gone, in its order.
function flattenAll(value: unknown, pointer: string, into: Map<string, string>): void {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    if (entries.length === 0) into.set(pointer, JSON.stringify(value));
    for (const [key, item] of entries) {
      flattenAll(item, `${pointer}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`, into);
    }
    return;
  }
  into.set(pointer, JSON.stringify(value));
}

function plainDiff(before: unknown, after: unknown) {
  const [old, now] = [new Map<string, string>(), new Map<string, string>()];
  flattenAll(before, "", old);
  flattenAll(after, "", now);
  const changes = [...now]
    .filter(([pointer, value]) => old.get(pointer) !== value)
    .map(([pointer, value]) => ({ pointer, before: old.get(pointer) ?? "—", after: value }));
  const gone = [...old]
    .filter(([pointer]) => !now.has(pointer))
    .map(([pointer, value]) => ({ pointer, before: value, after: "—" }));
  return [...changes, ...gone];
}

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, 0, 1, "a", "b", "~/"),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "c", "0", "1", "x/y", "~"), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("diffManifests", () => {
  it("lists a changed, an added and a removed field by JSON Pointer, the removed last", () => {
    const before = { name: "Chat", version: "1.0.0", capabilities: ["send", "receive"], icon: "chat" };
    const after = { name: "Chat", version: "2.0.0", capabilities: ["send"], category: "communication" };
    expect(diffManifests(before, after)).toEqual([
      { pointer: "/version", before: '"1.0.0"', after: '"2.0.0"' },
      { pointer: "/category", before: "—", after: '"communication"' },
      { pointer: "/capabilities/1", before: '"receive"', after: "—" },
      { pointer: "/icon", before: '"chat"', after: "—" },
    ]);
    expect(diffManifests(before, before)).toEqual([]);
  });

  it("agrees with a comparison of the two manifests flattened, for any two JSON values", () => {
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(diffManifests(before, after)).toEqual(plainDiff(before, after));
        expect(diffManifests(before, before)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with it too when the two share most of their fields, as two versions of a manifest do", () => {
    const similar = fc.tuple(json, json, json, json, fc.boolean()).map(([shared, before, after, tail, arrays]) =>
      arrays
        ? [
            [shared, before, tail],
            [shared, after],
          ]
        : [
            { a: shared, b: before, c: tail },
            { a: shared, b: after, d: tail },
          ],
    );
    fc.assert(
      fc.property(similar, ([before, after]) => {
        expect(diffManifests(before, after)).toEqual(plainDiff(before, after));
      }),
      { numRuns: 2000 },
    );
  });
});

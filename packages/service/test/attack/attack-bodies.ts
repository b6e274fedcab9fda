import fc from "fast-check";

/** Arrays nested this deep and more: the 5,000-deep body that once answered 500 (issue 13), and deeper. */
export const deepNesting: fc.Arbitrary<Buffer> = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom("[", '{"a":'), fc.constantFrom("", "1", '"x"'))
  .map(([depth, open, leaf]) => {
    const close = open === "[" ? "]" : "}";
    return Buffer.from(`${open.repeat(depth)}${leaf}${close.repeat(depth)}`);
  });

/** Strings around the 1 MiB body limit and past it, as JSON and as raw text. */
export const hugeBody: fc.Arbitrary<Buffer> = fc
  .tuple(fc.constantFrom(64 * 1024, 1024 * 1024 - 32, 1024 * 1024 + 1, 3 * 1024 * 1024), fc.boolean())
  .map(([size, asJson]) => Buffer.from(asJson ? `{"name":"${"a".repeat(size)}"}` : "x".repeat(size)));

/** Bytes that are not UTF-8: lone continuation bytes, overlong forms, surrogates, inside JSON strings or bare. */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc
  .tuple(
    fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]),
    fc.constantFrom("bare", "in-string", "in-key"),
  )
  .map(([bytes, where]) => {
    const bad = Buffer.from(bytes);
    if (where === "bare") return bad;
    if (where === "in-key") return Buffer.concat([Buffer.from('{"'), bad, Buffer.from('":1}')]);
    return Buffer.concat([Buffer.from('{"name":"'), bad, Buffer.from('","workflow_id":1}')]);
  });

/**
 * Values that have broken a handler somewhere: wrong types, edge numbers, control characters, lone surrogates (valid
 * JSON with no UTF-8 form), escapes, text that means something in a path, a URL, a mail header or HTML.
 */
export const EDGE_VALUES: readonly unknown[] = [
  null,
  -1,
  0,
  1e308,
  -0,
  2 ** 53,
  "",
  "\u0000",
  "a\u0000b",
  "\u202e",
  "\u2028",
  "\ud800",
  "\udc00x",
  "\u0007\u001b[31m",
  "\r\n",
  "../..",
  "/%2e%2e/",
  "\\",
  "%",
  "%zz",
  "@",
  "<>",
  "=?utf-8?B?=",
  "\u{1f642}",
  "a".repeat(10_000),
  "1",
  [],
  {},
  true,
];

/** The strings among {@link EDGE_VALUES}: for a key, a form field, a URL parameter. */
export const EDGE_STRINGS: readonly string[] = EDGE_VALUES.filter(
  (value): value is string => typeof value === "string",
);

/** A value to put where a field of a valid body was: one of {@link EDGE_VALUES}, generated JSON or text, deep arrays. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...EDGE_VALUES),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.integer({ min: 200, max: 3_000 }).map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
);

const DEEP = "__deep__";

/** The places in a JSON value where another value can go: every value, and a new key of every object. */
function slotsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, index) => slotsOf(item, [...path, index]))];
  if (value === null || typeof value !== "object") return [path];
  const keys = Object.keys(value);
  const children = keys.flatMap((key) => slotsOf((value as Record<string, unknown>)[key], [...path, key]));
  const added = ["params", "input_payload", "input", "x"].map((key) => [...path, key]);
  return [path, ...children, ...added];
}

/**
 * Every field of `example` (nested ones included, and the top-level fields of `schema` it leaves out, but none under a
 * top-level field named in `keep`) holding each of {@link EDGE_VALUES} in turn, then each key renamed to each edge
 * string, as `[what was changed, body]`: a value that breaks one field is then found on every run, not only on a run
 * whose seed happens to draw it.
 */
export function edgeValueBodies(
  example: unknown,
  options: { keep?: readonly string[]; schema?: unknown } = {},
): [string, Buffer][] {
  const base = example ?? {};
  const keep = options.keep ?? [];
  // The optional top-level fields the example leaves out, from the request schema's shape (a zod object's).
  const shape = (options.schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const absent =
    typeof base === "object" && !Array.isArray(base) ? Object.keys(shape).filter((key) => !(key in base)) : [];
  const slots = [...slotsOf(base), ...absent.map((key) => [key])].filter(
    (slot) => slot.length > 0 && !keep.includes(String(slot[0])),
  );
  const values = slots.flatMap((slot) =>
    EDGE_VALUES.map((value): [string, Buffer] => [
      `${slot.join(".")} = ${JSON.stringify(value).slice(0, 40)}`,
      Buffer.from(JSON.stringify(placeAt(base, slot, value))),
    ]),
  );
  // And every key of every object renamed to each edge string, its value kept (a record's keys are data too).
  const keys = slots.flatMap((slot) => {
    const last = slot.at(-1);
    const parent = slot.slice(0, -1);
    const holder = valueAt(base, parent);
    if (typeof last !== "string" || holder === null || typeof holder !== "object" || Array.isArray(holder)) return [];
    if (!(last in holder)) return [];
    return EDGE_STRINGS.filter((key) => !(key in holder)).map((key): [string, Buffer] => {
      const renamed = Object.fromEntries(
        Object.entries(holder).map(([name, value]) => [name === last ? String(key) : name, value]),
      );
      return [
        `key ${slot.join(".")} renamed ${JSON.stringify(key).slice(0, 40)}`,
        Buffer.from(JSON.stringify(placeAt(base, parent, renamed))),
      ];
    });
  });
  return [...values, ...keys];
}

/** What `value` holds at `path`; undefined where the path leads nowhere. */
function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | null | undefined)?.[key], value);
}

/** A copy of `value` with `leaf` at `path`, objects and arrays on the way copied, not changed. */
function placeAt(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = placeAt(copy[head], rest, leaf);
  return copy;
}

/** A valid body (the contract's example) with deep nesting put at any place in it, nested objects included. */
export function deepInExample(example: unknown): fc.Arbitrary<Buffer> {
  const slots = slotsOf(example ?? {});
  return fc.tuple(fc.constantFrom(...slots), deepNesting).map(([slot, deep]) => {
    const text = JSON.stringify(placeAt(example ?? {}, slot, DEEP));
    return Buffer.from(text.replace(`"${DEEP}"`, deep.toString("utf8")));
  });
}

/**
 * A valid body (the contract's example) with one value anywhere in it (nested ones included) replaced by a generated
 * one, a generated key added to one of its objects, or a top-level field dropped; `keep` names top-level fields left
 * alone (an adapter's credentials, which hold platform addresses).
 */
export function mutatedExample(example: unknown, keep: readonly string[] = []): fc.Arbitrary<Buffer> {
  const base = example ?? {};
  const slots = slotsOf(base).filter((slot) => slot.length > 0 && !keep.includes(String(slot[0])));
  const topLevel = slots.filter((slot) => slot.length === 1);
  const slot = slots.length > 0 ? fc.constantFrom(...slots) : fc.constant(["name"]);
  return fc
    .tuple(fc.constantFrom("replace", "add", "drop", "same"), slot, fc.string({ maxLength: 12 }), fieldValue)
    .map(([how, at, extra, value]) => {
      if (how === "replace") return Buffer.from(JSON.stringify(placeAt(base, at, value)));
      if (how === "add") return Buffer.from(JSON.stringify(placeAt(base, [...at.slice(0, -1), extra], value)));
      if (how === "drop" && topLevel.length > 0 && typeof base === "object") {
        const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
        delete copy[String(at[0])];
        return Buffer.from(JSON.stringify(copy));
      }
      return Buffer.from(JSON.stringify(base));
    });
}

/** The bodies the probe broke the service with, at a valid request: deep nesting, huge strings, bad UTF-8. */
export function edgeBody(example: unknown): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { weight: 3, arbitrary: deepInExample(example) },
    { weight: 2, arbitrary: deepNesting },
    { weight: 1, arbitrary: hugeBody },
    { weight: 1, arbitrary: invalidUtf8 },
  );
}

/** Any body at all: generated JSON, random bytes, the edge cases above, a near-valid one, or none. */
export function anyBody(nearValid: fc.Arbitrary<Buffer>): fc.Arbitrary<Buffer | null> {
  return fc.oneof(
    { weight: 4, arbitrary: nearValid },
    { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }).map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: hugeBody },
    { weight: 1, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: fc.constantFrom(null, Buffer.alloc(0), Buffer.from("null"), Buffer.from("{}")) },
  );
}

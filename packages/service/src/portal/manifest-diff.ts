/** One changed leaf of a manifest: its JSON Pointer, and its value before and after (absent as "—"). */
export interface ManifestChange {
  readonly pointer: string;
  readonly before: string;
  readonly after: string;
}

type Container = Readonly<Record<string, unknown>> | readonly unknown[];

const isContainer = (value: unknown): value is Container => value !== null && typeof value === "object";
const entriesOf = (value: Container): [string, unknown][] =>
  Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
const childOf = (pointer: string, key: string) => `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;

/** Whether two JSON values are equal (object keys in any order): a subtree the diff can skip. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const [left, right] = [entriesOf(a), b as Readonly<Record<string, unknown>>];
  if (left.length !== Object.keys(right).length) return false;
  return left.every(([key, item]) => Object.hasOwn(right, key) && sameJson(item, right[key]));
}

function flatten(value: unknown, pointer: string, into: Map<string, string>): void {
  if (isContainer(value)) {
    const entries = entriesOf(value);
    if (entries.length === 0) into.set(pointer, JSON.stringify(value));
    for (const [key, item] of entries) flatten(item, childOf(pointer, key), into);
    return;
  }
  into.set(pointer, JSON.stringify(value));
}

/** Both non-empty objects or both non-empty arrays: compared key by key rather than leaf by leaf. */
function walkable(before: unknown, after: unknown): [Container, Container] | undefined {
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) return undefined;
  return entriesOf(before).length > 0 && entriesOf(after).length > 0 ? [before, after] : undefined;
}

/**
 * The leaves of `after` that are new or changed, in its order, and the leaves of `before` that are gone, in its
 * order. Equal subtrees are skipped without being flattened (D459: the App's page diffs up to 200 versions).
 */
function collect(before: unknown, after: unknown, pointer: string, changes: ManifestChange[], gone: ManifestChange[]) {
  if (sameJson(before, after)) return;
  const pair = walkable(before, after);
  if (pair === undefined) {
    const [old, now] = [new Map<string, string>(), new Map<string, string>()];
    flatten(before, pointer, old);
    flatten(after, pointer, now);
    for (const [leaf, value] of now) {
      if (old.get(leaf) !== value) changes.push({ pointer: leaf, before: old.get(leaf) ?? "—", after: value });
    }
    for (const [leaf, value] of old) if (!now.has(leaf)) gone.push({ pointer: leaf, before: value, after: "—" });
    return;
  }
  const [old, now] = [new Map(entriesOf(pair[0])), new Map(entriesOf(pair[1]))];
  const goneUnder = new Map<string, ManifestChange[]>();
  for (const [key, item] of now) {
    const at = childOf(pointer, key);
    if (old.has(key)) {
      const inner: ManifestChange[] = [];
      collect(old.get(key), item, at, changes, inner);
      goneUnder.set(key, inner);
      continue;
    }
    const added = new Map<string, string>();
    flatten(item, at, added);
    for (const [leaf, value] of added) changes.push({ pointer: leaf, before: "—", after: value });
  }
  // What went missing is listed in the older manifest's order, as a comparison of the two flattened lists lists it.
  for (const [key, item] of old) {
    const inner = goneUnder.get(key);
    if (inner !== undefined) {
      gone.push(...inner);
      continue;
    }
    const leaves = new Map<string, string>();
    flatten(item, childOf(pointer, key), leaves);
    for (const [leaf, value] of leaves) gone.push({ pointer: leaf, before: value, after: "—" });
  }
}

/** Every leaf that differs between two manifests, by JSON Pointer, in the order of the newer one. */
export function diffManifests(before: unknown, after: unknown): ManifestChange[] {
  const changes: ManifestChange[] = [];
  const gone: ManifestChange[] = [];
  collect(before, after, "", changes, gone);
  return [...changes, ...gone];
}

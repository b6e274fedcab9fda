/** One changed leaf of a manifest: its JSON Pointer, and its value before and after (absent as "—"). */
export interface ManifestChange {
  readonly pointer: string;
  readonly before: string;
  readonly after: string;
}

function flatten(value: unknown, pointer: string, into: Map<string, string>): void {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0) into.set(pointer, JSON.stringify(value));
    for (const [key, item] of entries) {
      flatten(item, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`, into);
    }
    return;
  }
  into.set(pointer, JSON.stringify(value));
}

/** Every leaf that differs between two manifests, by JSON Pointer, in the order of the newer one. */
export function diffManifests(before: unknown, after: unknown): ManifestChange[] {
  const old = new Map<string, string>();
  const now = new Map<string, string>();
  flatten(before, "", old);
  flatten(after, "", now);
  const changes: ManifestChange[] = [];
  for (const [pointer, value] of now) {
    const previous = old.get(pointer);
    if (previous !== value) changes.push({ pointer, before: previous ?? "—", after: value });
  }
  for (const [pointer, value] of old) {
    if (!now.has(pointer)) changes.push({ pointer, before: value, after: "—" });
  }
  return changes;
}

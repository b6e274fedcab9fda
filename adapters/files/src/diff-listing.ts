import type { ChangeEntry } from "@adapterkit/sdk";
import { hashOf, type Listing } from "./listing-cursor.ts";
import type { ListedFile } from "./walk-tree.ts";

/**
 * Compares the current files with the previous listing: new paths are `added`, paths whose fingerprint hash
 * changed are `modified`, vanished paths are `removed` (fingerprint null). Without a previous listing everything
 * is `added`. Sorted by path.
 */
export function diffListing(current: readonly ListedFile[], previous: Listing | undefined): ChangeEntry[] {
  const changes: ChangeEntry[] = [];
  const seen = new Set<string>();
  for (const file of current) {
    seen.add(file.path);
    const before = previous?.get(file.path);
    if (before === undefined) changes.push({ path: file.path, fingerprint: file.fingerprint, status: "added" });
    else if (before !== hashOf(file.fingerprint)) {
      changes.push({ path: file.path, fingerprint: file.fingerprint, status: "modified" });
    }
  }
  for (const path of previous?.keys() ?? []) {
    if (!seen.has(path)) changes.push({ path, fingerprint: null, status: "removed" });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

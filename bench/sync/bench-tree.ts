import type { DemoTree } from "@adapterkit/adapter-files";

/** The folder the bench's files live in: the source's `resource_path`. */
export const BENCH_ROOT = "/bench";

/** Files per sub-folder, so the walk is one PROPFIND per hundred files as on a real tree. */
const PER_FOLDER = 100;

/**
 * `count` small text files (200 to 1,000 bytes) under `/bench/dNNN/`, the same tree for the same count, and their
 * total size in bytes, which both the baseline and the sync must account for.
 */
export function benchTree(count: number): { tree: DemoTree; bytes: number } {
  const folders: DemoTree = {};
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const folder = `d${String(Math.floor(index / PER_FOLDER)).padStart(3, "0")}`;
    const line = `file ${index}: a small document synced by bench/sync.\n`;
    const content = line.repeat(Math.ceil((200 + ((index * 37) % 800)) / line.length));
    bytes += Buffer.byteLength(content);
    const files = (folders[folder] ?? {}) as DemoTree;
    folders[folder] = files;
    files[`f${String(index).padStart(5, "0")}.txt`] = content;
  }
  return { tree: { [BENCH_ROOT.slice(1)]: folders }, bytes };
}

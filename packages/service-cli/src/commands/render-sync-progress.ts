import type { SourceSyncJson } from "@adapterkit/contract";

const WIDTH = 24;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * One line of `adapterkit-service sync`'s progress: a bar over the page in flight (files fetched of its files), the pages
 * committed and the tallies; plain text, so it reads the same without colour or a terminal.
 *
 * @example renderSyncProgress(sync) // "[############............]  50% page 3: 20/40 files | +52 ~3 -1 | 1.2 MiB"
 */
export function renderSyncProgress(sync: SourceSyncJson): string {
  const tallies = `+${sync.added} ~${sync.modified} -${sync.removed} | ${size(sync.bytes)}`;
  if (sync.state !== "running") {
    const errors = sync.errors.length === 0 ? "" : ` | ${sync.errors.length} error(s)`;
    return `${sync.state}: ${sync.pages} page(s) | ${tallies}${errors}`;
  }
  const page = sync.page ?? { files: 0, fetched: 0 };
  const ratio = page.files === 0 ? 0 : Math.min(1, page.fetched / page.files);
  const filled = Math.round(ratio * WIDTH);
  const bar = `[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}]`;
  const percent = `${String(Math.round(ratio * 100)).padStart(3)}%`;
  return `${bar} ${percent} page ${sync.pages + 1}: ${page.fetched}/${page.files} files | ${tallies}`;
}

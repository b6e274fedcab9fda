import { type FSWatcher, readdirSync, statSync, watch } from "node:fs";
import { extname, join } from "node:path";

/** Folders whose changes never restart the adapter: installed packages, build output, tool state. */
export const IGNORED_FOLDERS: ReadonlySet<string> = new Set(["node_modules", "dist", "coverage", ".git"]);
/** What counts as a source file: code, and JSON (fixtures, package.json, tsconfig). */
const WATCHED_EXTENSIONS: ReadonlySet<string> = new Set([".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"]);

const ROOT_SETTINGS = /^(package|tsconfig[\w.-]*|[\w.-]+\.fixtures)\.json$/;

/** A running watch over a project; `folders` is what it watches, for the banner. */
export interface ProjectWatch {
  readonly folders: readonly string[];
  close(): void;
}

/**
 * Watches a project's source files with `node:fs` and calls `onChange` once per burst of saves (after `debounceMs`
 * of quiet) with the files changed, relative to `dir`. Each folder is watched on its own, not recursively: Node 20's
 * recursive watch on Linux loses a file once an editor has replaced it by rename, and would walk node_modules. A
 * folder created later is watched from then on; the ignored folders never are.
 * @example const watch = watchProject(dir, (files) => restart(files), { debounceMs: 150 });
 */
export function watchProject(
  dir: string,
  onChange: (files: readonly string[]) => void,
  options: { debounceMs: number },
): ProjectWatch {
  const changed = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  const note = (file: string) => {
    if (!isSourceFile(file)) return;
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed].sort();
      changed.clear();
      onChange(files);
    }, options.debounceMs);
  };
  const watchFolder = (folder: string) => {
    if (watchers.has(folder)) return;
    const watcher = watch(join(dir, folder), (_event, name) => {
      if (!name) return;
      const file = folder === "" ? name : join(folder, name);
      if (!isWatchedFolder(name) || !isFolder(join(dir, file))) return note(file);
      try {
        watchTree(file);
      } catch {
        // Gone again before it could be watched.
      }
    });
    // A folder removed while watched ends its watch with an error; the other watches go on.
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(folder);
    });
    watchers.set(folder, watcher);
  };
  const watchTree = (folder: string) => {
    watchFolder(folder);
    for (const entry of readdirSync(join(dir, folder), { withFileTypes: true }))
      if (entry.isDirectory() && isWatchedFolder(entry.name))
        watchTree(folder === "" ? entry.name : join(folder, entry.name));
  };
  watchTree("");
  const folders = [...watchers.keys()].filter((folder) => folder !== "" && !folder.includes("/"));
  return {
    folders: [".", ...folders.map((folder) => `${folder}/`)],
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function isWatchedFolder(name: string): boolean {
  return !IGNORED_FOLDERS.has(name) && !name.startsWith(".");
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A source file by its path relative to the project: a watched extension, outside the ignored folders. At the top,
 * JSON counts only as the project's own settings (package.json, tsconfig*.json, *.fixtures.json), so a report
 * written there does not restart the adapter.
 */
export function isSourceFile(file: string): boolean {
  const parts = file.split(/[\\/]/);
  if (parts.some((part) => IGNORED_FOLDERS.has(part))) return false;
  if (!WATCHED_EXTENSIONS.has(extname(file))) return false;
  return parts.length > 1 || extname(file) !== ".json" || ROOT_SETTINGS.test(file);
}

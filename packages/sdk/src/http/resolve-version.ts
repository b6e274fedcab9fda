import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * D10: the build identifier `/health` reports: `ADAPTER_VERSION`, else the git commit of the working
 * directory's checkout (first 12 hex digits) when one is found, else `unknown`.
 */
export function resolveVersion(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const fromEnv = env.ADAPTER_VERSION?.trim();
  if (fromEnv) return fromEnv;
  try {
    return gitCommit(cwd)?.slice(0, 12) ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Reads HEAD the way git does, without running git: loose refs, then packed-refs; worktrees included. */
export function gitCommit(start: string): string | undefined {
  const gitDir = findGitDir(resolve(start));
  if (!gitDir) return undefined;
  const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (.+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  const commonDir = existsSync(join(gitDir, "commondir"))
    ? resolve(gitDir, readFileSync(join(gitDir, "commondir"), "utf8").trim())
    : gitDir;
  for (const dir of new Set([gitDir, commonDir])) {
    const loose = join(dir, ref);
    if (existsSync(loose)) return readFileSync(loose, "utf8").trim();
  }
  const packed = join(commonDir, "packed-refs");
  if (!existsSync(packed)) return undefined;
  const line = readFileSync(packed, "utf8")
    .split("\n")
    .find((entry) => entry.endsWith(` ${ref}`));
  return line?.split(" ")[0];
}

function findGitDir(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, ".git");
    if (existsSync(candidate)) {
      if (statSync(candidate).isDirectory()) return candidate;
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(candidate, "utf8"))?.[1];
      return pointer ? resolve(dir, pointer.trim()) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

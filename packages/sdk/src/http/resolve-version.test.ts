import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitCommit, resolveVersion } from "./resolve-version.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const OTHER = "fedcba9876543210fedcba9876543210fedcba98";

// Every temp folder a test makes is removed after it.
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "adapterkit-version-"));
  temps.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, "src", "deep"), { recursive: true });
  return root;
}

describe("resolveVersion (D10)", () => {
  it("prefers ADAPTER_VERSION", () => {
    const root = checkout({ ".git/HEAD": `${SHA}\n` });
    expect(resolveVersion({ ADAPTER_VERSION: " v1.2.3 " }, root)).toBe("v1.2.3");
  });

  it("falls back to a detached HEAD's commit, found from a sub-folder", () => {
    const root = checkout({ ".git/HEAD": `${SHA}\n` });
    expect(resolveVersion({}, join(root, "src", "deep"))).toBe(SHA.slice(0, 12));
  });

  it("follows a branch ref, loose or packed", () => {
    const loose = checkout({ ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": `${SHA}\n` });
    expect(gitCommit(loose)).toBe(SHA);
    const packed = checkout({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/packed-refs": `# pack-refs\n${OTHER} refs/heads/dev\n${SHA} refs/heads/main\n`,
    });
    expect(gitCommit(packed)).toBe(SHA);
  });

  it("follows a worktree's .git file to its refs in the common dir", () => {
    const root = checkout({
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/.git/refs/heads/feature": `${OTHER}\n`,
      "repo/.git/worktrees/wt/HEAD": "ref: refs/heads/feature\n",
      "repo/.git/worktrees/wt/commondir": "../..\n",
      "wt/.git": "gitdir: ../repo/.git/worktrees/wt\n",
    });
    expect(gitCommit(join(root, "wt"))).toBe(OTHER);
  });

  it("says unknown without a checkout or with a broken one", () => {
    expect(resolveVersion({}, checkout({}))).toBe("unknown");
    expect(resolveVersion({}, checkout({ ".git/HEAD": "ref: refs/heads/gone\n" }))).toBe("unknown");
  });
});

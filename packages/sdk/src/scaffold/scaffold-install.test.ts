import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scaffoldAdapter } from "./scaffold-adapter.ts";

const SLOW = process.env.ADAPTERKIT_SLOW_TESTS === "1";
const npm = (cwd: string, ...args: string[]) => {
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund"], { cwd, encoding: "utf8", timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
};

// Every temp folder a test makes is removed after it.
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!SLOW)(
  "a scaffolded project outside the monorepo (slow: npm install from the registry; set ADAPTERKIT_SLOW_TESTS=1)",
  () => {
    it("installs, passes its tests and type-checks", { timeout: 600_000 }, () => {
      const root = mkdtempSync(join(tmpdir(), "adapterkit-install-"));
      temps.push(root);
      const dir = join(root, "demo");
      scaffoldAdapter({ slug: "demo", kind: "webhook", dir });
      for (const step of [["install"], ["test"], ["run", "typecheck"]]) {
        const { status, output } = npm(dir, ...step);
        expect({ step: step.join(" "), status, output: status === 0 ? "" : output }).toEqual({
          step: step.join(" "),
          status: 0,
          output: "",
        });
      }
    });
  },
);

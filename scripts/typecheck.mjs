// Type-checks every workspace (tests included) with its own tsconfig, so one package's errors name that package.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const projects = [...workspaces, "."].filter((dir) => existsSync(join(root, dir, "tsconfig.json")));
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

let failed = 0;
for (const dir of projects) {
  const result = spawnSync(process.execPath, [tsc, "--noEmit", "-p", join(root, dir)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed += 1;
    console.error(`typecheck failed: ${dir}`);
  }
}
if (failed > 0) process.exit(1);
console.log(`typecheck: ${projects.length} projects clean`);

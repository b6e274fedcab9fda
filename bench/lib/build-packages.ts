import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

/** Builds every package (`tsc -b tsconfig.build.json`) so a bench's children run their dist/ with plain node. */
export function buildPackages(bench: string): void {
  console.log(`${bench}: building the packages (tsc -b tsconfig.build.json), so the servers run from JavaScript`);
  const build = spawnSync(
    process.execPath,
    [root("node_modules/typescript/bin/tsc"), "-b", root("tsconfig.build.json")],
    {
      stdio: "inherit",
    },
  );
  if (build.status !== 0) throw new Error("the build failed");
}

// `npm run bench`: runs every benchmark under bench/<name>/main.ts in turn (or those named as arguments).
// Each prints its figures as ratios against a baseline measured in the same run (D30). Arguments starting with `--`
// are passed to every bench run (`npm run bench -- vs-bolt-e2e --profile`, D553); a bench ignores those it does not take.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL(".", import.meta.url).pathname;
const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const benches = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "main.ts")))
  .map((entry) => entry.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

if (benches.length === 0) {
  console.error(`bench: nothing to run${wanted.length > 0 ? ` (asked for ${wanted.join(", ")})` : ""}`);
  process.exit(2);
}

let failed = 0;
for (const [index, name] of benches.entries()) {
  console.log(`\n== bench ${index + 1}/${benches.length}: ${name}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", join(root, name, "main.ts"), ...flags], {
    stdio: "inherit",
  });
  if (result.status !== 0) {
    failed += 1;
    console.log(`bench ${name} exited with ${result.status}`);
  }
}
process.exit(failed > 0 ? 1 : 0);

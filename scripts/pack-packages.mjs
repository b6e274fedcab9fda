// `npm run pack`: writes the tarball each workspace package would publish into .packs/ (or the folder given), after
// `npm run build`. Adapter projects made with `adapterkit new` can install the kit from these until it is on a
// registry. With --json it prints npm's own listing of every tarball (each file in it) instead of the summary.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const json = args.includes("--json");
const out = resolve(args.find((arg) => !arg.startsWith("--")) ?? join(root, ".packs"));
const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
rmSync(out, { recursive: true, force: true });
mkdirSync(out);

const npmArgs = ["pack", "--json", "--pack-destination", out, ...workspaces.flatMap((dir) => ["-w", dir])];
const result = spawnSync("npm", npmArgs, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
if (result.status !== 0) process.exit(result.status ?? 1);
if (json) {
  // No process.exit here: it would cut a listing still being written to a pipe (about 230 kB).
  process.stdout.write(result.stdout);
} else {
  for (const pack of JSON.parse(result.stdout)) {
    console.log(
      `${pack.filename.padEnd(44)} ${String(pack.entryCount).padStart(4)} files ${(pack.size / 1024).toFixed(0)} kB`,
    );
  }
  console.log(`${workspaces.length} tarballs in ${out}`);
}

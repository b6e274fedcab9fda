// `npm run pack`: writes the tarball each workspace package would publish, after `npm run build`: the authors' kit
// (what an adapter project installs: contract, client, SDK, runner, the `adapterkit` command) into .packs/ (or the
// folder given), and the service's side (the reference service, `adapterkit-service`, the sample adapters) into its
// service/ subfolder, so `npm install --no-save .packs/*.tgz` takes the kit alone (D434). With --json it prints npm's
// own listing of every tarball (each file in it, and `dir`: "." or "service") instead of the summary.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

/** The workspaces an adapter author installs; every other workspace is the service's side. */
const AUTHORS_KIT = ["packages/contract", "packages/client", "packages/sdk", "conformance", "packages/cli"];

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const json = args.includes("--json");
const out = resolve(args.find((arg) => !arg.startsWith("--")) ?? join(root, ".packs"));
const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
rmSync(out, { recursive: true, force: true });

const sides = [
  { dir: ".", workspaces: workspaces.filter((dir) => AUTHORS_KIT.includes(dir)) },
  { dir: "service", workspaces: workspaces.filter((dir) => !AUTHORS_KIT.includes(dir)) },
];
const packs = sides.flatMap((side) => {
  const destination = join(out, side.dir);
  mkdirSync(destination, { recursive: true });
  const npmArgs = ["pack", "--json", "--pack-destination", destination, ...side.workspaces.flatMap((d) => ["-w", d])];
  const result = spawnSync("npm", npmArgs, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return JSON.parse(result.stdout).map((pack) => ({ ...pack, dir: side.dir }));
});
if (json) {
  // No process.exit here: it would cut a listing still being written to a pipe (about 230 kB).
  process.stdout.write(JSON.stringify(packs));
} else {
  for (const pack of packs) {
    const path = join(pack.dir, pack.filename);
    console.log(`${path.padEnd(52)} ${String(pack.entryCount).padStart(4)} files ${(pack.size / 1024).toFixed(0)} kB`);
  }
  console.log(
    `${sides[0].workspaces.length} tarballs of the authors' kit in ${out}, ${sides[1].workspaces.length} of the service's side in ${join(out, "service")}`,
  );
}

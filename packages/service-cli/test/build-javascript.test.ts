// scripts/build.mjs, the one build of the checkout (D476), on a small project of its own: what it reports, the
// compiler's errors, and its lock, which lets one build of a tree run at a time and gets past one a dead build left.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { BuildError, buildJavaScript } from "../../../scripts/build.mjs";

let root = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "adapterkit-build-"));
  await mkdir(join(root, "src"));
  const compilerOptions = { composite: true, strict: true, rootDir: "src", outDir: "dist", types: [] };
  await writeFile(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  await writeFile(join(root, "src/a.ts"), "export const a: number = 1;\n");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const build = (options: Parameters<typeof buildJavaScript>[0] = {}) =>
  buildJavaScript({ root, project: "tsconfig.json", ...options });

it("builds what is out of date, says so once, and reports an up-to-date tree as nothing built", async () => {
  const told: string[] = [];
  const onBuilding = () => told.push("building");
  expect(await build({ onBuilding })).toEqual({ built: true });
  expect(told).toEqual(["building"]);
  expect(existsSync(join(root, "dist/a.js"))).toBe(true);
  expect(await build({ onBuilding })).toEqual({ built: false });
  expect(told).toEqual(["building"]);
}, 60_000);

it("fails with the compiler's errors, file and line, and builds again once they are fixed", async () => {
  await writeFile(join(root, "src/b.ts"), 'export const b: number = "two";\n');
  const failed = await build().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failed).toBeInstanceOf(BuildError);
  const { output } = failed as BuildError;
  expect(output).toMatch(/^src\/b\.ts\(1,14\): error TS2322: Type 'string' is not assignable to type 'number'\.$/m);
  expect(output).not.toMatch(/Building project|Projects in this build/);
  await writeFile(join(root, "src/b.ts"), "export const b: number = 2;\n");
  expect(await build()).toEqual({ built: true });
}, 60_000);

it("lets one build of a tree run at a time: the second waits for the first and finds nothing left to build", async () => {
  const waitedFor: number[] = [];
  const results = await Promise.all([build(), build({ onWaiting: (pid) => waitedFor.push(pid) })]);
  // Without the lock both compilers would see the tree out of date and both build it.
  expect(results).toEqual([{ built: true }, { built: false }]);
  expect(waitedFor).toEqual([process.pid]);
  expect(existsSync(join(root, "node_modules/.cache/adapterkit-build.lock"))).toBe(false);
}, 60_000);

it("takes over a lock whose holder died", async () => {
  const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
  await mkdir(join(root, "node_modules/.cache"), { recursive: true });
  await writeFile(join(root, "node_modules/.cache/adapterkit-build.lock"), `${dead}\n`);
  const waitedFor: number[] = [];
  expect(await build({ onWaiting: (pid) => waitedFor.push(pid) })).toEqual({ built: true });
  expect(waitedFor).toEqual([]);
}, 60_000);

#!/usr/bin/env node
// The one way this checkout builds its JavaScript (`tsc -b tsconfig.build.json` into each package's dist/): `npm run
// build`, `npm start` (scripts/start.mjs), the `prepare` that `npm ci` runs, and the tests that run the built form
// all call buildJavaScript(), which lets one build run at a time per checkout through a lock file (D476): two `tsc -b`
// writing the same dist/ at once can leave files of each. `tsc -b` itself decides what is out of date, so a build of
// an up-to-date tree only reads the build info (about a third of a second).
//
//   node scripts/build.mjs                  builds; exits 1 with the compiler's errors when it fails
//   node scripts/build.mjs --after-install  the same for `prepare`, but exits 0 whatever happens: `npm ci` must not
//                                           fail on a type error in a developer's tree (npm start builds again)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
/** How long a build waits for another build of the same checkout before it gives up. */
const LOCK_WAIT_MS = 15 * 60_000;
/** A stale lock's breaker (held for the few microseconds a removal takes) older than this was left by a crash. */
const BREAKER_STALE_MS = 10_000;

/** A build that failed: `output` is what the compiler said about it (its errors, or all it printed). */
export class BuildError extends Error {
  /** @param {string} output */
  constructor(output) {
    super(`tsc -b failed:\n${output}`);
    this.name = "BuildError";
    this.output = output;
  }
}

/**
 * Brings the JavaScript of `project` (relative to `root`) up to date with `tsc -b`, one build per checkout at a time.
 * Resolves to whether the compiler built anything; rejects with a BuildError carrying its errors.
 *
 * @param {{ root?: string, project?: string, onBuilding?: () => void, onWaiting?: (pid: number) => void }} [options]
 *   `onBuilding` is called once when the compiler starts building a project (not when all is up to date),
 *   `onWaiting` once when another process's build holds the lock.
 * @returns {Promise<{ built: boolean }>}
 */
export async function buildJavaScript(options = {}) {
  const root = options.root ?? ROOT;
  const release = await lock(join(root, "node_modules", ".cache", "adapterkit-build.lock"), options.onWaiting);
  try {
    return await compile(root, options.project ?? "tsconfig.build.json", options.onBuilding);
  } finally {
    release();
  }
}

/**
 * @param {string} root
 * @param {string} project
 * @param {(() => void) | undefined} onBuilding
 * @returns {Promise<{ built: boolean }>}
 */
function compile(root, project, onBuilding) {
  // --verbose says "Building project …" before it builds one, which is when a caller may want to tell its user.
  const child = spawn(process.execPath, [TSC, "-b", project, "--verbose", "--pretty", "false"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let built = false;
  const read = (/** @type {Buffer} */ chunk) => {
    output += chunk.toString();
    if (!built && / - Building project '/.test(output)) {
      built = true;
      onBuilding?.();
    }
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("close", (code, signal) => {
      if (code === 0) done({ built });
      else fail(new BuildError(diagnostics(output) || `${output.trim()}\n(tsc exited with ${code ?? signal})`));
    });
  });
}

/**
 * The compiler's errors out of its --verbose output: each `file(line,col): error TS…` or `error TS…` line and the
 * indented lines that go on with it.
 *
 * @param {string} output
 */
function diagnostics(output) {
  const kept = [];
  let within = false;
  for (const line of output.split("\n")) {
    if (/(^|: )error TS\d+/.test(line)) within = true;
    else if (!(within && /^\s+\S/.test(line))) within = false;
    if (within) kept.push(line);
  }
  return kept.join("\n");
}

/**
 * Takes the build lock: a file made whole under its final name (written aside, then hard-linked, which fails when it
 * exists) naming the holder's pid. A lock whose holder died is removed, under a breaker lock so that two waiters
 * cannot both remove it and the second take away the lock the first made since.
 *
 * @param {string} file
 * @param {((pid: number) => void) | undefined} onWaiting
 * @returns {Promise<() => void>} what releases it
 */
async function lock(file, onWaiting) {
  mkdirSync(dirname(file), { recursive: true });
  const mine = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(mine, `${process.pid}\n`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(mine, file);
        return () => rmSync(file, { force: true });
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      }
      const holder = holderOf(file);
      if (holder !== undefined && !alive(holder)) {
        removeStale(file, holder);
        continue;
      }
      if (holder !== undefined && !told) {
        told = true;
        onWaiting?.(holder);
      }
      if (Date.now() > deadline) {
        throw new Error(`gave up waiting for the build lock ${file} (pid ${holder}); remove it if no build is running`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

/** @param {string} file */
function holderOf(file) {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // released meanwhile
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * @param {string} file
 * @param {number} holder
 */
function removeStale(file, holder) {
  const breaker = `${file}.break`;
  try {
    writeFileSync(breaker, `${process.pid}\n`, { flag: "wx" });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    try {
      if (Date.now() - statSync(breaker).mtimeMs > BREAKER_STALE_MS) rmSync(breaker, { force: true });
    } catch {
      // removed by its holder meanwhile
    }
    return;
  }
  try {
    // Only the dead holder's lock: while the breaker is held nobody else removes it, and nobody replaces it.
    if (holderOf(file) === holder) rmSync(file, { force: true });
  } finally {
    rmSync(breaker, { force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const afterInstall = process.argv.includes("--after-install");
  if (afterInstall && process.env.npm_config_package_lock_only === "true") {
    console.log("only package-lock.json was written: nothing to build");
    process.exit(0);
  }
  try {
    const { built } = await buildJavaScript({
      onBuilding: () => console.log("building the JavaScript (tsc -b tsconfig.build.json; about 20 s from scratch)"),
      onWaiting: (pid) => console.log(`waiting for the build that process ${pid} is running in this checkout`),
    });
    console.log(built ? "built: every package's dist/ is up to date" : "every package's dist/ was up to date");
  } catch (error) {
    console.error(error instanceof BuildError ? error.message : String(error));
    if (!afterInstall) process.exit(1);
    console.error("The install itself is complete; `npm start` builds again and stops on these errors.");
  }
}

#!/usr/bin/env node
// Runs the TypeScript entry point through tsx, so the CLI works straight from the workspace.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const result = spawnSync(process.execPath, ["--import", "tsx", entry, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);

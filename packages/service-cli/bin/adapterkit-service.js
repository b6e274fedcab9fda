#!/usr/bin/env node
// The `adapterkit-service` command. Installed from a package it runs the compiled JavaScript in dist/ with plain
// node; in the kit's own checkout (src/ beside bin/) it runs the TypeScript sources through tsx, so nothing needs
// building.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("../src/main.ts", import.meta.url));
if (existsSync(source)) {
  const flags = ["--conditions=@adapterkit/source", "--import", "tsx"];
  const result = spawnSync(process.execPath, [...flags, source, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(result.status ?? 1);
} else {
  const { main } = await import("../dist/main.js");
  await main(process.argv.slice(2));
}

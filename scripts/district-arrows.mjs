// Checks that the service's folders import only downward through the districts declared in districts.json (D570):
// an arrow from one folder to a folder of a higher district fails, and arrows to a higher folder of the same
// district (back-arrows) may number at most `maxBackArrows`. Type-only imports count, as in import-cycles.mjs.
// Usage: node scripts/district-arrows.mjs [package folder] (default packages/service; reads its districts.json
// and src/). Exits 1 naming each offending arrow with one import that makes it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { importsOf } from "./import-cycles.mjs";

/** The folder (or, for a file directly in src, the file's name) a source file belongs to. */
function unitOf(src, file) {
  return relative(src, file).split("/")[0];
}

/** Every arrow between two units of `src`, each with the imports that make it (`from-file -> to-file`). */
export function folderArrows(src) {
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => resolve(entry.parentPath, entry.name));
  const arrows = new Map();
  for (const file of files) {
    for (const target of importsOf(file)) {
      if (!target.startsWith(`${src}/`)) continue;
      const from = unitOf(src, file);
      const to = unitOf(src, target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const arrow = arrows.get(key) ?? { from, to, imports: [] };
      arrow.imports.push(`${relative(src, file)} -> ${relative(src, target)}`);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()];
}

/**
 * The package's arrows judged against its declaration: `upward` crosses into a higher district, `back` goes to a
 * higher folder (of any district), `undeclared` lists the folders and files of src that no district names.
 */
export function checkDistricts(packageFolder) {
  const src = resolve(packageFolder, "src");
  const declaration = JSON.parse(readFileSync(join(packageFolder, "districts.json"), "utf8"));
  const rank = new Map();
  const district = new Map();
  for (const [level, { name, folders }] of declaration.districts.entries()) {
    for (const folder of folders) {
      rank.set(folder, rank.size);
      district.set(folder, { level, name });
    }
  }
  const units = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")))
    .map((entry) => entry.name);
  const undeclared = units.filter((unit) => !rank.has(unit));
  const arrows = folderArrows(src).filter(({ from, to }) => rank.has(from) && rank.has(to));
  const back = arrows.filter(({ from, to }) => rank.get(to) > rank.get(from));
  const upward = back.filter(({ from, to }) => district.get(to).level > district.get(from).level);
  return { declaration, district, arrows, back, upward, undeclared };
}

function describe(arrow, district) {
  const where = `${district.get(arrow.from).name} -> ${district.get(arrow.to).name}`;
  return `${arrow.from} -> ${arrow.to} (${where}, ${arrow.imports.length} import(s), e.g. ${arrow.imports[0]})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("..", import.meta.url).pathname;
  const packageFolder = resolve(root, process.argv[2] ?? "packages/service");
  const { declaration, district, arrows, back, upward, undeclared } = checkDistricts(packageFolder);
  const limit = declaration.maxBackArrows;
  for (const unit of undeclared) console.log(`not in any district: ${unit}`);
  for (const arrow of upward) console.log(`upward across districts: ${describe(arrow, district)}`);
  for (const arrow of back.filter((one) => !upward.includes(one)))
    console.log(`back-arrow: ${describe(arrow, district)}`);
  console.log(
    `${arrows.length} arrows between folders, ${back.length} back-arrow(s) (at most ${limit}), ` +
      `${upward.length} upward across districts, ${undeclared.length} undeclared in ${relative(root, packageFolder)}`,
  );
  if (undeclared.length > 0 || upward.length > 0 || back.length > limit) process.exit(1);
}

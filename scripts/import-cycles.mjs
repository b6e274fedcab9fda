// Lists the import cycles among a folder's TypeScript files (type-only imports included: a cycle of types still
// ties the files together). Usage: node scripts/import-cycles.mjs [folder] (default packages/service/src).
// Exits 1 when there is a cycle, printing each one as a chain of files.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";

/** The relative `.ts` files `file` imports or re-exports, type-only ones included. */
export function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
    const specifier = isImport ? statement.moduleSpecifier : undefined;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    if (specifier.text.startsWith(".")) found.push(resolve(dirname(file), specifier.text));
  }
  return found;
}

function sourceFiles(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => resolve(entry.parentPath, entry.name));
}

/** Every strongly connected group of more than one file (Tarjan), each as one cycle through it. */
export function findImportCycles(folder) {
  const files = sourceFiles(folder);
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((to) => known.has(to))]));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups.map((group) => cycleThrough(group, edges));
}

/** One shortest cycle from the group's first file back to itself, staying inside the group. */
function cycleThrough(group, edges) {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const to of edges.get(file) ?? []) {
      if (to === start) {
        const chain = [file];
        while (previous.get(chain[0]) !== undefined) chain.unshift(previous.get(chain[0]));
        return [...chain, start];
      }
      if (members.has(to) && !previous.has(to)) {
        previous.set(to, file);
        queue.push(to);
      }
    }
  }
  return group;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("..", import.meta.url).pathname;
  const folder = resolve(root, process.argv[2] ?? "packages/service/src");
  const cycles = findImportCycles(folder);
  for (const cycle of cycles) console.log(cycle.map((file) => relative(folder, file)).join("\n  -> "), "\n");
  console.log(`${cycles.length} import cycle(s) in ${relative(root, folder) || "."}`);
  if (cycles.length > 0) process.exit(1);
}

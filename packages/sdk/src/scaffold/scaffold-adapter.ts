import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { slugSchema } from "@adapterkit/contract/adapter";
import type HandlebarsType from "handlebars";
import { ADAPTER_KINDS, type AdapterKind, isAdapterKind, TEMPLATES_DIR } from "./adapter-kinds.ts";
import { ScaffoldError } from "./scaffold-error.ts";
import { type TemplateContext, templateContext } from "./template-context.ts";

/** Options of {@link scaffoldAdapter}. */
export interface ScaffoldOptions {
  slug: string;
  kind: AdapterKind | string;
  /** Folder to create or fill (must be empty); default `./<slug>`. */
  dir?: string;
  /** Called once per file written, with its path relative to `dir`. */
  onProgress?: (event: { file: string; index: number; total: number }) => void;
  /** The version range the project depends on the kit's packages by; default `^<this SDK's version>`. */
  kitDependency?: string;
}

/** What was written, and what to do next. */
export interface ScaffoldResult {
  dir: string;
  files: string[];
  nextSteps: string[];
}

const HANDLER_TEMPLATE = "src/handlers/handler.ts";
/** npm drops `.gitignore` from packages, so the template is stored without its dot. */
const RENAMES: Readonly<Record<string, string>> = { gitignore: ".gitignore" };

/**
 * Writes a working adapter project from the handlebars templates: manifest, handlers answering 501 until
 * written, conformance fixtures, a test and a README. Refuses a bad slug, an unknown kind or a non-empty folder.
 * @example const { nextSteps } = scaffoldAdapter({ slug: "demo", kind: "webhook", onProgress: ({ file }) => console.log(`create ${file}`) });
 */
export function scaffoldAdapter(options: ScaffoldOptions): ScaffoldResult {
  const { slug, kind } = options;
  if (!slugSchema.safeParse(slug).success) {
    throw new ScaffoldError(
      "invalid_slug",
      `"${slug}" is not a slug: use 2–64 lower-case letters, digits and single dashes, like "acme-chat"`,
    );
  }
  if (!isAdapterKind(kind)) {
    throw new ScaffoldError(
      "unknown_kind",
      `"${kind}" is not a kind of adapter: use one of ${ADAPTER_KINDS.join(", ")}`,
    );
  }
  const dir = resolve(options.dir ?? slug);
  refuseNonEmpty(dir);
  const context = templateContext({
    slug,
    kind,
    ...(options.kitDependency ? { kitDependency: options.kitDependency } : {}),
  });
  const outputs = renderAll(kind, context);
  mkdirSync(dir, { recursive: true });
  [...outputs.keys()].forEach((file, index) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), outputs.get(file) as string);
    options.onProgress?.({ file, index, total: outputs.size });
  });
  return { dir, files: [...outputs.keys()], nextSteps: nextSteps(dir, slug) };
}

function refuseNonEmpty(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new ScaffoldError("not_empty", `${dir} exists and is not a folder`);
  if (readdirSync(dir).length > 0)
    throw new ScaffoldError("not_empty", `${dir} is not empty; choose a new or empty folder with --dir`);
}

/** Renders `common/` then `<kind>/` (a kind's file replaces a common one at the same path). */
function renderAll(kind: AdapterKind, context: TemplateContext): Map<string, string> {
  // Required here, not imported: every adapter imports the SDK, and only scaffolding needs Handlebars (D418).
  const Handlebars = createRequire(import.meta.url)("handlebars") as typeof HandlebarsType;
  const outputs = new Map<string, string>();
  for (const root of ["common", kind]) {
    for (const template of listTemplates(join(TEMPLATES_DIR, root))) {
      const source = readFileSync(join(TEMPLATES_DIR, root, template), "utf8");
      const render = Handlebars.compile(source, { noEscape: true, strict: true });
      const target = template.replace(/\.hbs$/, "");
      if (target === HANDLER_TEMPLATE) {
        for (const handler of context.handlers)
          outputs.set(`src/handlers/${handler.file}.ts`, render({ ...context, ...handler }));
      } else {
        outputs.set(RENAMES[target] ?? target, render(context));
      }
    }
  }
  return outputs;
}

function listTemplates(root: string, prefix = ""): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listTemplates(root, path);
    return entry.name.endsWith(".hbs") ? [path] : [];
  });
}

/**
 * Commands that work from where the author stands: into the project (quoted if need be), one install (from the
 * registry, or the kit's tarballs while it is on none; D435), test, serve.
 */
function nextSteps(dir: string, slug: string): string[] {
  const path = relative(process.cwd(), dir) || ".";
  const where = path.startsWith("..") ? dir : path;
  const cd = /^[\w./-]+$/.test(where) ? where : `'${where.replaceAll("'", "'\\''")}'`;
  return [
    ...(where === "." ? [] : [`cd ${cd}`]),
    "npm install              # the one install; until the kit is on your registry: npm install --no-save <packs>/*.tgz",
    "npm test                 # the scaffold's tests pass; each handler is an it.todo",
    "npm run dev              # adapterkit dev: serves it, restarts on save and runs the review's checks each time",
    "write the handlers in src/handlers/ and the sandbox values in conformance.fixtures.json",
    `npm start                # serves http://localhost:3100/${slug}; then npm run conformance checks it once`,
  ];
}

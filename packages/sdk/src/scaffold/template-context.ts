import { readFileSync } from "node:fs";
import { ADAPTER_ENDPOINTS } from "@adapterkit/contract/adapter";
import { groupOf } from "../define/resolve-handlers.ts";
import { type AdapterKind, readKindConfig } from "./adapter-kinds.ts";

/** Where the fixtures' `$schema` points: the schema inside the project's installed runner package. */
export const FIXTURES_SCHEMA_PATH = "./node_modules/@adapterkit/conformance/fixtures.schema.json";

/** One handler file the scaffold writes, with what its endpoint row says about it. */
export interface HandlerEntry {
  name: string;
  file: string;
  type: string;
  method: string;
  path: string;
  summary: string;
  todo: string;
  hint: string;
  /** What the handler file imports from the SDK: its type, `notImplemented` and the helpers its hint names. */
  importList: string;
  /** The handler's `it.todo` title as a string literal (the guidance may quote). */
  todoTitle: string;
}

/** Everything the templates may use. */
export interface TemplateContext {
  slug: string;
  title: string;
  kind: AdapterKind;
  description: string;
  kitDependency: string;
  fixturesSchema: string;
  firstCredentialField: string;
  /** The kind's own dev dependencies, written between the kit's and the tools (sorted, as npm keeps them). */
  extraDevDependencies: { name: string; range: string }[];
  handlers: HandlerEntry[];
  topLevel: HandlerEntry[];
  hasSources: boolean;
}

/** Builds the template context of one project; handler facts come from the contract's endpoint table. */
export function templateContext(options: { slug: string; kind: AdapterKind; kitDependency?: string }): TemplateContext {
  const config = readKindConfig(options.kind);
  const handlers = config.handlers.map((handler) => {
    const row = ADAPTER_ENDPOINTS.find((endpoint) => endpoint.handler === handler.name);
    if (!row) throw new Error(`templates/${options.kind}/kind.json names an unknown handler "${handler.name}"`);
    const type = `${handler.name[0]?.toUpperCase()}${handler.name.slice(1)}Handler`;
    const file = handler.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const helpers = [...new Set(["AdapterHttpError", ...handler.imports])].sort();
    return {
      ...handler,
      importList: [`type ${type}`, ...helpers, "notImplemented"].join(", "),
      todoTitle: JSON.stringify(`${handler.name}: ${handler.todo}`),
      file,
      type,
      method: row.method,
      path: row.path,
      summary: row.summary,
      grouped: groupOf(row) !== undefined,
    };
  });
  return {
    slug: options.slug,
    title: options.slug
      .split("-")
      .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`)
      .join(" "),
    kind: options.kind,
    description: config.description,
    kitDependency: options.kitDependency ?? kitVersionRange(),
    fixturesSchema: FIXTURES_SCHEMA_PATH,
    firstCredentialField: config.credentialField,
    extraDevDependencies: Object.entries(config.devDependencies ?? {}).map(([name, range]) => ({ name, range })),
    handlers,
    topLevel: handlers.filter((handler) => !handler.grouped),
    hasSources: handlers.some((handler) => handler.grouped),
  };
}

/**
 * The kit's packages are released together under one version, so a project depends on `^<this SDK's version>` of
 * each (D136); until they are on a registry, the project's README says how to install them from their tarballs.
 */
export function kitVersionRange(): string {
  const file = new URL("../../package.json", import.meta.url);
  return `^${(JSON.parse(readFileSync(file, "utf8")) as { version: string }).version}`;
}

import { existsSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ADAPTER_ENDPOINTS } from "@adapterkit/contract";
import { groupOf } from "../define/resolve-handlers.ts";
import { type AdapterKind, readKindConfig } from "./adapter-kinds.ts";

const SDK_DIR = fileURLToPath(new URL("../../", import.meta.url));
const FIXTURES_SCHEMA = resolve(SDK_DIR, "../../conformance/fixtures.schema.json");
const FIXTURES_SCHEMA_ID = "https://adapterkit.dev/schemas/conformance-fixtures.schema.json";

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
}

/** Everything the templates may use. */
export interface TemplateContext {
  slug: string;
  title: string;
  kind: AdapterKind;
  description: string;
  sdkDependency: string;
  fixturesSchema: string;
  firstCredentialField: string;
  handlers: HandlerEntry[];
  topLevel: HandlerEntry[];
  hasSources: boolean;
}

/** Builds the template context of one project; handler facts come from the contract's endpoint table. */
export function templateContext(options: {
  slug: string;
  kind: AdapterKind;
  dir: string;
  sdkDependency?: string;
}): TemplateContext {
  const config = readKindConfig(options.kind);
  const handlers = config.handlers.map((handler) => {
    const row = ADAPTER_ENDPOINTS.find((endpoint) => endpoint.handler === handler.name);
    if (!row) throw new Error(`templates/${options.kind}/kind.json names an unknown handler "${handler.name}"`);
    const type = `${handler.name[0]?.toUpperCase()}${handler.name.slice(1)}Handler`;
    const file = handler.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return {
      ...handler,
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
    sdkDependency: options.sdkDependency ?? defaultSdkDependency(),
    fixturesSchema: existsSync(FIXTURES_SCHEMA) ? relative(options.dir, FIXTURES_SCHEMA) : FIXTURES_SCHEMA_ID,
    firstCredentialField: config.credentialField,
    handlers,
    topLevel: handlers.filter((handler) => !handler.grouped),
    hasSources: handlers.some((handler) => handler.grouped),
  };
}

/**
 * The SDK is not published yet: a project outside this checkout links it with `file:`; an installed SDK
 * (inside node_modules) refers to its own version instead.
 */
function defaultSdkDependency(): string {
  if (SDK_DIR.includes("/node_modules/")) {
    const { version } = JSON.parse(readFileSync(resolve(SDK_DIR, "package.json"), "utf8")) as { version: string };
    return `^${version}`;
  }
  return `file:${SDK_DIR.replace(/\/$/, "")}`;
}

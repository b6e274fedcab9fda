import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The kinds of project `adapterkit new` writes: three channel apps and a document source. */
export const ADAPTER_KINDS = ["chat", "mail", "webhook", "source"] as const;

/** One of {@link ADAPTER_KINDS}. */
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

/** Where the handlebars templates live: `common/` for every kind, then `<kind>/` on top. */
export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/", import.meta.url));

/**
 * A kind's `kind.json`: its description, a credential field the test names, and its handlers with guidance and the
 * SDK exports their hint names (the handler file imports them, so writing the body is all that is left).
 */
export interface KindConfig {
  description: string;
  credentialField: string;
  /** What the project needs besides the kit, e.g. the runner's optional SMTP stand-in for a mail adapter (D433). */
  devDependencies?: Record<string, string>;
  handlers: { name: string; todo: string; hint: string; imports: string[] }[];
}

/** Narrows a string (from the command line) to a kind. */
export function isAdapterKind(kind: string): kind is AdapterKind {
  return (ADAPTER_KINDS as readonly string[]).includes(kind);
}

/** Reads a kind's configuration from its template folder. */
export function readKindConfig(kind: AdapterKind): KindConfig {
  return JSON.parse(readFileSync(`${TEMPLATES_DIR}${kind}/kind.json`, "utf8")) as KindConfig;
}

import type { CredentialDefinition } from "@adapterkit/contract";
import { isRequiredCredential } from "../reviews/fixture-credential-gaps.ts";
import { diffManifests, type ManifestChange } from "./manifest-diff.ts";

/** A change as the portal lists it: a sentence for what a keyed list gained or lost, a JSON Pointer row otherwise. */
export interface ManifestChangeRow extends ManifestChange {
  /** `added required credential workspace_id`; absent for a plain field's row, which its pointer names. */
  readonly summary?: string;
}

type Json = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const shown = (value: unknown) => (value === undefined ? "—" : JSON.stringify(value));
const pointerOf = (...parts: string[]) =>
  parts.map((part) => `/${part.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/** The items of a list keyed by `name`, or undefined when it is not a list of objects with distinct string keys. */
function byKey(value: unknown, name: string): Map<string, Json> | undefined {
  if (value === undefined) return new Map();
  if (!Array.isArray(value)) return undefined;
  const map = new Map<string, Json>();
  for (const item of value) {
    if (!isObject(item) || typeof item[name] !== "string" || map.has(item[name])) return undefined;
    map.set(item[name], item);
  }
  return map;
}

/** A list of distinct strings, or undefined. */
function asSet(value: unknown): string[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return undefined;
  return new Set(value).size === value.length ? value : undefined;
}

const requiredness = (definition: Json) =>
  isRequiredCredential(definition as unknown as CredentialDefinition) ? "required" : "optional";

function fieldChanges(key: string, before: unknown, after: unknown): ManifestChangeRow[] | undefined {
  const [old, now] = [byKey(before, "name"), byKey(after, "name")];
  if (old === undefined || now === undefined) return undefined;
  const rows: ManifestChangeRow[] = [];
  for (const [name, field] of now) {
    const at = pointerOf("credentials", key, "fields", name);
    const was = old.get(name);
    if (was === undefined) {
      const optional = field.optional === true ? "optional" : "required";
      rows.push({
        pointer: at,
        before: "—",
        after: shown(field),
        summary: `added ${optional} field ${name} to ${key}`,
      });
      continue;
    }
    for (const property of new Set([...Object.keys(was), ...Object.keys(field)])) {
      if (property === "name" || shown(was[property]) === shown(field[property])) continue;
      const summary = `changed ${property} of field ${name} of ${key}`;
      rows.push({ pointer: `${at}/${property}`, before: shown(was[property]), after: shown(field[property]), summary });
    }
  }
  for (const [name, field] of old) {
    if (!now.has(name)) {
      const at = pointerOf("credentials", key, "fields", name);
      rows.push({ pointer: at, before: shown(field), after: "—", summary: `removed field ${name} from ${key}` });
    }
  }
  return rows;
}

/** D593: credentials compared by key (and their fields by name), never by position. */
function credentialChanges(old: Map<string, Json>, now: Map<string, Json>): ManifestChangeRow[] {
  const rows: ManifestChangeRow[] = [];
  for (const [key, definition] of now) {
    const at = pointerOf("credentials", key);
    const was = old.get(key);
    if (was === undefined) {
      const summary = `added ${requiredness(definition)} credential ${key}`;
      rows.push({ pointer: at, before: "—", after: shown(definition), summary });
      continue;
    }
    for (const property of new Set([...Object.keys(was), ...Object.keys(definition)])) {
      if (property === "key" || shown(was[property]) === shown(definition[property])) continue;
      const fields = property === "fields" ? fieldChanges(key, was.fields, definition.fields) : undefined;
      if (fields !== undefined) rows.push(...fields);
      else {
        const summary = `changed ${property} of ${key}`;
        rows.push({
          pointer: `${at}/${property}`,
          before: shown(was[property]),
          after: shown(definition[property]),
          summary,
        });
      }
    }
    if (requiredness(was) !== requiredness(definition)) {
      const summary = `${key} is now ${requiredness(definition)}`;
      rows.push({ pointer: at, before: requiredness(was), after: requiredness(definition), summary });
    }
  }
  for (const [key, definition] of old) {
    if (!now.has(key)) {
      rows.push({
        pointer: pointerOf("credentials", key),
        before: shown(definition),
        after: "—",
        summary: `removed credential ${key}`,
      });
    }
  }
  return rows;
}

function setChanges(field: string, noun: string, old: readonly string[], now: readonly string[]): ManifestChangeRow[] {
  const added = now.filter((item) => !old.includes(item));
  const removed = old.filter((item) => !now.includes(item));
  return [
    ...added.map((item) => ({
      pointer: `/${field}`,
      before: "—",
      after: shown(item),
      summary: `added ${noun} ${item}`,
    })),
    ...removed.map((item) => ({
      pointer: `/${field}`,
      before: shown(item),
      after: "—",
      summary: `removed ${noun} ${item}`,
    })),
  ];
}

/**
 * What changed between two manifests as the portal shows it (Refresh, Edit and the versions' list): credentials by key
 * and their fields by name, `capabilities` and `endpoints` as sets, each as a sentence; every other field by JSON
 * Pointer (`diffManifests`). A list that is not what the contract says (a duplicate key, a non-object) falls back to
 * the positional rows, so nothing is hidden.
 */
export function describeManifestChanges(before: unknown, after: unknown): ManifestChangeRow[] {
  if (!isObject(before) || !isObject(after)) return diffManifests(before, after);
  const [rest, restBefore] = [{ ...after } as Record<string, unknown>, { ...before } as Record<string, unknown>];
  const rows: ManifestChangeRow[] = [];
  const [oldCredentials, newCredentials] = [byKey(before.credentials, "key"), byKey(after.credentials, "key")];
  if (oldCredentials !== undefined && newCredentials !== undefined) {
    rows.push(...credentialChanges(oldCredentials, newCredentials));
    delete rest.credentials;
    delete restBefore.credentials;
  }
  for (const [field, noun] of [
    ["capabilities", "capability"],
    ["endpoints", "endpoint"],
  ] as const) {
    const [old, now] = [asSet(before[field]), asSet(after[field])];
    if (old === undefined || now === undefined) continue;
    rows.push(...setChanges(field, noun, old, now));
    delete rest[field];
    delete restBefore[field];
  }
  return [...rows, ...diffManifests(restBefore, rest)];
}

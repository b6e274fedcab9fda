import type { Manifest } from "@adapterkit/contract";

/** One credential of a manifest as a row of the portal's credentials table. */
export interface CredentialRow {
  readonly key: string;
  readonly type: string;
  readonly label: string;
  readonly mapsTo: string;
  readonly fields: string;
}

/**
 * One row of a manifest as the portal shows it, with the problem found in that field, if any. D389: credentials are
 * a table and setup instructions a numbered list; every other field is its text.
 */
export interface ManifestField {
  readonly name: string;
  readonly value: string;
  readonly problem: string | undefined;
  readonly credentials?: readonly CredentialRow[] | undefined;
  readonly steps?: readonly string[] | undefined;
}

const text = (value: unknown): string => (typeof value === "string" ? value : value === undefined ? "" : String(value));

function toCredentialRows(value: unknown): CredentialRow[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  if (!value.every((item) => item !== null && typeof item === "object" && !Array.isArray(item))) return undefined;
  return value.map((item: Record<string, unknown>) => ({
    key: text(item.key),
    type: text(item.type),
    label: text(item.label ?? item.key),
    mapsTo: text(item.maps_to ?? "—"),
    fields: Array.isArray(item.fields)
      ? item.fields
          .map((field: unknown) => {
            const entry = (field ?? {}) as Record<string, unknown>;
            const notes = [entry.secret === true ? "secret" : "", entry.optional === true ? "optional" : ""];
            const flagged = notes.filter((note) => note !== "").join(", ");
            return `${text(entry.name)}${flagged === "" ? "" : ` (${flagged})`}`;
          })
          .join("; ")
      : "—",
  }));
}

function toSteps(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")
    ? value
    : undefined;
}

/** A problem as the portal shows it: the field it is about (or "adapter") and what is wrong. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** Splits "field: message" problems into their field and message; others are the adapter's as a whole. */
export function toFieldProblems(problems: readonly string[]): FieldProblem[] {
  return problems.map((problem) => {
    const match = /^\/?([A-Za-z_][\w./-]{0,80}): (.+)$/s.exec(problem);
    return match?.[1] !== undefined && match[2] !== undefined
      ? { field: match[1], message: match[2] }
      : { field: "adapter", message: problem };
  });
}

function display(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(", ");
  return JSON.stringify(value, null, 2);
}

/** The manifest's top-level fields in the adapter's order, each with the problems that name it. */
export function toManifestFields(manifest: Manifest, problems: readonly FieldProblem[] = []): ManifestField[] {
  return Object.entries(manifest).map(([name, value]) => {
    const own = problems.filter((problem) => problem.field === name || problem.field.startsWith(`${name}.`));
    return {
      name,
      value: display(value),
      problem: own.length === 0 ? undefined : own.map((problem) => problem.message).join("; "),
      credentials: name === "credentials" ? toCredentialRows(value) : undefined,
      steps: name === "setup_instructions" ? toSteps(value) : undefined,
    };
  });
}

import type { Manifest } from "@adapterkit/contract";

/** One row of a manifest as the portal shows it, with the problem found in that field, if any. */
export interface ManifestField {
  readonly name: string;
  readonly value: string;
  readonly problem: string | undefined;
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
    };
  });
}

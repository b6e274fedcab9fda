import type { ErrorObject } from "ajv/dist/2020.js";

/**
 * Keeps, for each failed anyOf/oneOf, only the errors of the branch the value came closest to, so a message with
 * a wrong `is_bot` reports `/is_bot` instead of "missing `ignored`" from an alternative it never meant to be.
 */
export function pruneUnionErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  let remaining = [...errors];
  // Innermost unions first, so an outer union weighs branches whose inner unions are already reduced.
  const unions = errors
    .filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf")
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const error of remaining) {
      if (!error.schemaPath.startsWith(prefix)) continue;
      const branch = error.schemaPath.slice(prefix.length).split("/")[0] ?? "";
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    // A oneOf that matched several branches has no branch errors: keep its own error.
    if (branches.size === 0) continue;
    const kept = new Set(closestBranch([...branches.values()], union.instancePath));
    remaining = remaining.filter(
      (error) => error !== union && (!error.schemaPath.startsWith(prefix) || kept.has(error)),
    );
  }
  return remaining;
}

function closestBranch(branches: ErrorObject[][], at: string): ErrorObject[] {
  let best = branches[0] ?? [];
  let bestScore = score(best, at);
  for (const branch of branches.slice(1)) {
    const candidate = score(branch, at);
    if (candidate[0] < bestScore[0] || (candidate[0] === bestScore[0] && candidate[1] < bestScore[1])) {
      best = branch;
      bestScore = candidate;
    }
  }
  return best;
}

// A branch that fails on the shape itself (a missing field, a wrong type at the union's own location) or on a
// discriminating constant is a worse match than one that only fails deeper inside.
function score(branch: ErrorObject[], at: string): [number, number] {
  const structural = branch.filter(
    (error) => error.instancePath === at || error.keyword === "const" || error.keyword === "enum",
  ).length;
  return [structural, branch.length];
}

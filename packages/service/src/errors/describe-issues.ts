import type { ProblemIssue } from "@adapterkit/contract";
import type { z } from "zod";
import { ServiceError } from "./service-error.ts";

function toPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

function toLabel(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "body";
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join("");
}

// For a union, report the branch that came closest (fewest issues) rather than "invalid input".
function closestBranch(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue[] | undefined {
  const branches = issue.errors.filter((branch) => branch.length > 0);
  if (branches.length === 0) return undefined;
  const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
  return best.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** One issue per bad field, with unknown fields named one by one. */
export function toProblemIssues(issues: readonly z.core.$ZodIssue[]): ProblemIssue[] {
  return issues.flatMap((issue): ProblemIssue[] => {
    if (issue.code === "invalid_union") {
      const branch = closestBranch(issue);
      if (branch !== undefined) return toProblemIssues(branch);
    }
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: toPointer([...issue.path, key]),
        message: `${toLabel([...issue.path, key])}: unknown field; it is not accepted here`,
      }));
    }
    return [{ path: toPointer(issue.path), message: `${toLabel(issue.path)}: ${issue.message}` }];
  });
}

/** The 400 for a body or query that failed its schema; the detail names the first bad field. */
export function invalidRequest(issues: readonly z.core.$ZodIssue[]): ServiceError {
  const errors = toProblemIssues(issues);
  const first = errors[0]?.message ?? "body: invalid";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more; see errors)` : "";
  return new ServiceError("invalid_request", `${first}${more}`, { errors });
}

import type { z } from "zod";

/** Every field a failed parse names, dotted, including those inside each option of a failed union. */
export function issuePaths(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => [
    issue.path.join("."),
    ...("errors" in issue ? (issue.errors as { path: PropertyKey[] }[][]).flat().map((e) => e.path.join(".")) : []),
  ]);
}

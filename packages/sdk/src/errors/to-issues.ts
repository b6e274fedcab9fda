import type { Issue } from "@adapterkit/contract/adapter";
import type { z } from "zod";
import { toJsonPointer } from "./to-json-pointer.ts";

/** Turns zod issues into D8 issues, each naming its field as a JSON Pointer under `prefix`. */
export function toIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): Issue[] {
  return issues.map((issue) => ({ path: toJsonPointer([...prefix, ...issue.path]), message: issue.message }));
}

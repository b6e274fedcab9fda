import { isUtf8 } from "node:buffer";
import type { Issue } from "@adapterkit/contract";
import type { z } from "zod";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { toIssues } from "../errors/to-issues.ts";

/**
 * Parses a request body as JSON and checks it against the endpoint's request schema and the manifest's
 * credential fields, throwing 400 `invalid_request` whose `issues` name every offending field.
 */
export function parseInput(
  body: Buffer,
  schema: z.ZodType,
  credentialsSchema: z.ZodType<Record<string, unknown>>,
): unknown {
  const json = parseJson(body);
  const result = schema.safeParse(json);
  const issues = result.success ? [] : toIssues(result.error.issues);
  const credentials = isRecord(json) ? json.credentials : undefined;
  if (isRecord(credentials)) {
    const checked = credentialsSchema.safeParse(credentials);
    if (!checked.success) issues.push(...toIssues(checked.error.issues, ["credentials"]));
  }
  if (issues.length > 0) throw invalid(issues);
  return (result as { data: unknown }).data;
}

function parseJson(body: Buffer): unknown {
  if (!isUtf8(body)) throw invalid([{ path: "", message: "the body is not UTF-8 text" }]);
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    // Never JSON.parse's message: it quotes the text around the error, and in a request body that is credentials.
    throw invalid([{ path: "", message: "the body is not valid JSON" }]);
  }
}

function invalid(issues: Issue[]): AdapterHttpError {
  const [first] = issues as [Issue, ...Issue[]];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  const where = first.path === "" ? "" : `${first.path}: `;
  return new AdapterHttpError("invalid_request", `${where}${first.message}${more}`, { issues });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

import type { ErrorObject } from "ajv/dist/2020.js";
import type { SchemaIssue } from "./client-result.ts";
import { pruneUnionErrors } from "./prune-union-errors.ts";

/** Turns ajv errors into issues that name the JSON Pointer, the expected type or value, and what came instead. */
export function toSchemaIssues(errors: readonly ErrorObject[], data: unknown): SchemaIssue[] {
  const issues = new Map<string, SchemaIssue>();
  for (const error of pruneUnionErrors(errors)) {
    const issue = toIssue(error, data);
    issues.set(issue.message, issue);
  }
  return [...issues.values()];
}

function toIssue(error: ErrorObject, data: unknown): SchemaIssue {
  const value = valueAt(data, error.instancePath);
  const params = error.params as Record<string, unknown>;
  let pointer = error.instancePath;
  let expected: string;
  let actual = preview(value);
  switch (error.keyword) {
    case "type":
      expected = [params.type].flat().join(" or ");
      actual = jsonType(value);
      break;
    case "required":
      pointer = `${pointer}/${escapePointer(String(params.missingProperty))}`;
      expected = "a value (required)";
      actual = "nothing";
      break;
    case "additionalProperties":
    case "unevaluatedProperties": {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      pointer = `${pointer}/${escapePointer(name)}`;
      expected = "no such property";
      actual = preview(valueAt(data, pointer));
      break;
    }
    case "const":
      expected = JSON.stringify(params.allowedValue);
      break;
    case "enum":
      expected = `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
      break;
    case "minLength":
      expected = `at least ${params.limit} character(s)`;
      break;
    case "maxLength":
      expected = `at most ${params.limit} character(s)`;
      break;
    case "pattern":
      expected = `a string matching ${params.pattern}`;
      break;
    case "format":
      expected = `a ${params.format} string`;
      break;
    default:
      expected = `a value that ${error.message ?? `passes ${error.keyword}`}`;
  }
  return { pointer, expected, actual, message: `${pointer || "(body)"}: expected ${expected}, got ${actual}` };
}

/** The JSON type name of a value, as JSON Schema's `type` keyword spells it. */
function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === "") return data;
  let current = data;
  for (const token of pointer.slice(1).split("/")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[token.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return current;
}

function escapePointer(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

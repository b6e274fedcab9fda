import { ADAPTER_ENDPOINTS, type AdapterEndpointDef, type Manifest } from "@adapterkit/contract/adapter";
import type { HandlerContext } from "./handler-types.ts";
import { isPlaceholder } from "./not-implemented.ts";

/** A handler with its types erased, as the serving layer calls it. */
export type AnyHandler = (input: unknown, context: HandlerContext) => unknown;

/** Endpoints the SDK answers itself rather than through an author's handler (`inbound` from the two inbound ones, D410). */
export const BUILT_IN_HANDLERS: ReadonlySet<string> = new Set(["manifest", "health", "inbound"]);

/** Rows of the endpoint table an author writes a handler for. */
export const HANDLER_ENDPOINTS: readonly AdapterEndpointDef[] = ADAPTER_ENDPOINTS.filter(
  (row) => !BUILT_IN_HANDLERS.has(row.handler),
);

/** The group a handler sits in inside the definition: `/sources/list-changes` → `sources`; top level otherwise. */
export function groupOf(row: AdapterEndpointDef): string | undefined {
  const segments = row.path.split("/").filter(Boolean);
  return segments.length > 1 ? segments[0] : undefined;
}

/** What `resolveHandlers` found: a handler per endpoint and every rule the definition breaks. */
export interface ResolvedHandlers {
  handlers: Map<AdapterEndpointDef["id"], AnyHandler>;
  notImplemented: AdapterEndpointDef["id"][];
  problems: string[];
}

/**
 * Finds each endpoint's handler in a definition and checks the capability rules from the table's
 * `requirement(manifest)`: a required handler must exist, a group's handlers come together, no unknown names.
 */
export function resolveHandlers(definition: Record<string, unknown>, manifest: Manifest): ResolvedHandlers {
  const result: ResolvedHandlers = { handlers: new Map(), notImplemented: [], problems: [] };
  const groups = new Map<string, AdapterEndpointDef[]>();
  for (const row of HANDLER_ENDPOINTS) {
    const group = groupOf(row);
    if (group !== undefined) groups.set(group, [...(groups.get(group) ?? []), row]);
    const container = group === undefined ? definition : definition[group];
    const handler = isRecord(container) ? container[row.handler] : undefined;
    const label = group === undefined ? row.handler : `${group}.${row.handler}`;
    if (handler !== undefined && typeof handler !== "function") {
      result.problems.push(`handler "${label}" must be a function`);
      continue;
    }
    if (handler === undefined && row.requirement(manifest) === "required") {
      result.problems.push(`handler "${label}" is required by this manifest for ${row.method} ${row.path}`);
    }
    if (handler === undefined || isPlaceholder(handler)) result.notImplemented.push(row.id);
    if (handler !== undefined) result.handlers.set(row.id, handler as AnyHandler);
  }
  for (const [group, rows] of groups) checkGroup(definition[group], group, rows, result.problems);
  const known = new Set([
    "manifest",
    ...groups.keys(),
    ...HANDLER_ENDPOINTS.filter((r) => !groupOf(r)).map((r) => r.handler),
  ]);
  for (const key of Object.keys(definition)) {
    if (!known.has(key)) result.problems.push(`"${key}" is not a handler name (known: ${[...known].join(", ")})`);
  }
  return result;
}

function checkGroup(container: unknown, group: string, rows: AdapterEndpointDef[], problems: string[]): void {
  if (container === undefined) return;
  if (!isRecord(container)) {
    problems.push(`"${group}" must be an object of handlers`);
    return;
  }
  const missing = rows.filter((row) => container[row.handler] === undefined).map((row) => row.handler);
  if (missing.length > 0 && missing.length < rows.length) {
    problems.push(`the ${group} handlers come together: "${group}" lacks ${missing.join(", ")}`);
  }
  const names = new Set(rows.map((row) => row.handler));
  for (const key of Object.keys(container)) {
    if (!names.has(key)) problems.push(`"${group}.${key}" is not a handler name (known: ${[...names].join(", ")})`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

import { SERVICE_ENDPOINTS, type ServiceEndpointId } from "@adapterkit/contract";

/** A request matched to an endpoint, with its path parameters. */
export type RouteMatch =
  | { readonly kind: "found"; readonly id: ServiceEndpointId; readonly params: Record<string, string> }
  | { readonly kind: "wrong-method"; readonly allow: string[] }
  | { readonly kind: "none" };

interface CompiledPath {
  readonly id: ServiceEndpointId;
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** See shapeOf. */
  readonly shape: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A path's shape: its number of segments and its first three, one trailing slash allowed as the expressions allow
 * it. A parameter matches exactly one segment, so a route matches only paths of its own shape.
 */
function shapeOf(path: string): string {
  const segments = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).split("/");
  return `${segments.length} ${segments.slice(1, 4).join("/")}`;
}

// Parameters match one segment; `{token}` is checked for shape by its handler so that every miss is the same 404.
// The literal parts are matched as written (`openapi.json`'s dot is a dot).
const COMPILED: readonly CompiledPath[] = SERVICE_ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  const parts = endpoint.path.split(/\{(\w+)\}/);
  const source = parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return "([^/]+)";
    })
    .join("");
  const shape = shapeOf(endpoint.path);
  // Routes are found by their first three segments, so those must be written out.
  if (shape.includes("{")) throw new Error(`${endpoint.path}: a parameter among the first three segments`);
  return { id: endpoint.id, method: endpoint.method, pattern: new RegExp(`^${source}/?$`), names, shape };
});

// The routes of each shape in the table's order (the first that matches wins): a request tries only those of its own.
// Without it, the inbound route was the 58th expression tried (D622).
const BY_SHAPE = new Map<string, CompiledPath[]>();
for (const route of COMPILED) {
  const routes = BY_SHAPE.get(route.shape);
  if (routes === undefined) BY_SHAPE.set(route.shape, [route]);
  else routes.push(route);
}

/** Finds the endpoint of a method and path, straight from the contract's table. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const allow: string[] = [];
  for (const compiled of BY_SHAPE.get(shapeOf(pathname)) ?? []) {
    const match = compiled.pattern.exec(pathname);
    if (match === null) continue;
    if (compiled.method !== method) {
      allow.push(compiled.method);
      continue;
    }
    const params: Record<string, string> = {};
    compiled.names.forEach((name, index) => {
      params[name] = decodeSegment(match[index + 1] ?? "");
    });
    return { kind: "found", id: compiled.id, params };
  }
  return allow.length > 0 ? { kind: "wrong-method", allow } : { kind: "none" };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

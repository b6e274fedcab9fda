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
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A path's shape: its number of segments and its first three (one trailing slash allowed, as the expressions allow
 * it). A parameter matches exactly one segment, so a route matches only paths of its own shape; a route with a
 * parameter among its first three segments has the loose shape, the number alone.
 */
function shapesOf(path: string): { readonly exact: string; readonly loose: string } {
  const segments = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).split("/");
  return { exact: `${segments.length} ${segments.slice(1, 4).join("/")}`, loose: String(segments.length) };
}

// Parameters match one segment; `{token}` is checked for shape by its handler so that every miss is the same 404.
// The literal parts are matched as written (`openapi.json`'s dot is a dot).
const COMPILED = SERVICE_ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  const parts = endpoint.path.split(/\{(\w+)\}/);
  const source = parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return "([^/]+)";
    })
    .join("");
  const { exact, loose } = shapesOf(endpoint.path);
  const compiled: CompiledPath = {
    id: endpoint.id,
    method: endpoint.method,
    pattern: new RegExp(`^${source}/?$`),
    names,
  };
  return { ...compiled, shape: exact.includes("{") ? loose : exact };
});

// The routes a path of each shape can match, in the table's order (the first that matches wins): those of its exact
// shape and the loose ones of its number of segments. Without it, the inbound route was the 58th expression tried.
const BY_SHAPE = new Map<string, readonly CompiledPath[]>();
for (const { shape } of COMPILED) {
  const count = shape.split(" ", 1)[0];
  if (BY_SHAPE.has(shape)) continue;
  BY_SHAPE.set(
    shape,
    COMPILED.filter((route) => route.shape === shape || route.shape === count),
  );
}

/** Finds the endpoint of a method and path, straight from the contract's table. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const allow: string[] = [];
  const { exact, loose } = shapesOf(pathname);
  const candidates = BY_SHAPE.get(exact) ?? BY_SHAPE.get(loose) ?? [];
  for (const compiled of candidates) {
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

import { SERVICE_ENDPOINTS, type ServiceEndpointId } from "@adapterkit/contract";

/** A request matched to an endpoint, with its path parameters. */
export type RouteMatch =
  | { readonly kind: "found"; readonly id: ServiceEndpointId; readonly params: Record<string, string> }
  | { readonly kind: "wrong-method"; readonly allow: string[] }
  | { readonly kind: "none" };

interface CompiledPath {
  readonly id: ServiceEndpointId;
  readonly method: string;
  /** The path's text before its first parameter: a path that does not start with it cannot match. */
  readonly prefix: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
  return {
    id: endpoint.id,
    method: endpoint.method,
    prefix: parts[0] ?? "",
    pattern: new RegExp(`^${source}/?$`),
    names,
  };
});

/** Finds the endpoint of a method and path, straight from the contract's table. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const allow: string[] = [];
  for (const compiled of COMPILED) {
    // A prefix test first: most of the table is ruled out without running its expression.
    if (!pathname.startsWith(compiled.prefix)) continue;
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

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

// Parameters match one segment; `{token}` is checked for shape by its handler so that every miss is the same 404.
const COMPILED: readonly CompiledPath[] = SERVICE_ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  const source = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { id: endpoint.id, method: endpoint.method, pattern: new RegExp(`^${source}/?$`), names };
});

/** Finds the endpoint of a method and path, straight from the contract's table. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const allow: string[] = [];
  for (const compiled of COMPILED) {
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

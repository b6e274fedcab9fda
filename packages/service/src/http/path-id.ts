import { ServiceError } from "../errors/service-error.ts";
import { parseIdParam } from "../store/index.ts";

/** The `{id}` path parameter (or another named one) as a row id; a 404 naming the resource when it cannot be one. */
export function pathId(params: Readonly<Record<string, string>>, resource: string, name = "id"): number {
  const id = parseIdParam(params[name]);
  if (id === undefined) throw new ServiceError("not_found", `No ${resource} ${JSON.stringify(params[name] ?? "")}.`);
  return id;
}

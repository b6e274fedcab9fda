import { ServiceError } from "../errors/service-error.ts";
import { parseIdParam } from "../store/index.ts";

/** The `{id}` path parameter as a row id; a 404 naming the resource when it cannot be one. */
export function pathId(params: Readonly<Record<string, string>>, resource: string): number {
  const id = parseIdParam(params.id);
  if (id === undefined) throw new ServiceError("not_found", `No ${resource} ${JSON.stringify(params.id ?? "")}.`);
  return id;
}

import { type Caller, isOtherOrg, type Target, type World } from "./authorization-world.ts";

/** The request of one matrix cell; the method is the endpoint's own. */
export interface MatrixRequest {
  readonly path: string;
  readonly json?: unknown;
}

/** How one route is attacked: what its requests name, and the status due for every caller and target. */
export interface MatrixEntry {
  /** The targets a request can name; a route that names no resource uses `own` alone. */
  readonly targets: readonly Target[];
  readonly request: (world: World, target: Target) => MatrixRequest | Promise<MatrixRequest>;
  readonly expect: (caller: Caller, target: Target) => number;
  /**
   * For a list: the ids the caller must see. Exactly those, or, with `among`, exactly those of the `among` ids (for
   * lists other cells add to, such as the Apps that register-app and review-app create).
   */
  readonly visible?: {
    ids(body: unknown): readonly (number | string)[];
    due(world: World, caller: Caller): readonly (number | string)[];
    among?(world: World): readonly (number | string)[];
  };
}

/** D13/D16: no API token is 401; another organization's resource 404; another project's or workflow's 403. */
export const scoped =
  (ok: number) =>
  (caller: Caller, target: Target): number => {
    if (caller === "none" || caller === "admin") return 401;
    if (isOtherOrg(target)) return 404;
    if (target === "own" || (target === "sibling" && caller === "project")) return ok;
    return 403;
  };
export const adminOnly = (ok: number) => (caller: Caller) => (caller === "admin" ? ok : 401);
export const anyApiToken = (ok: number) => (caller: Caller) => (caller === "none" || caller === "admin" ? 401 : ok);
export const projectTokenOnly = (ok: number) => (caller: Caller) =>
  caller === "project" ? ok : caller === "workflow" ? 403 : 401;
export const always = (status: number) => () => status;

let serial = 0;
/** A name no other cell uses. */
export function unique(prefix: string): string {
  serial += 1;
  return `${prefix}-${serial}`;
}
/** The place a target names. */
export const place = (world: World, target: Target) => world.places[target];
export const OWN: readonly Target[] = ["own"];

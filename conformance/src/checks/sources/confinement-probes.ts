/** A folder below the resource that the probes pretend is the resource when the listing has no folder of its own. */
const SUBFOLDER = "adapterkit-confined";

/** One file_path that names a file outside the probe's resource. */
export interface ConfinementProbe {
  readonly what: string;
  readonly file: string;
}

/** The probes for one listing, or why there is nothing to probe. */
export type ConfinementPlan =
  | { readonly kind: "probes"; readonly resource: string; readonly probes: readonly ConfinementProbe[] }
  | { readonly kind: "none"; readonly reason: string };

/**
 * Plans the confinement probes from the listed paths. A path is absolute when it starts with the resource path
 * and relative when it does not start with `/`; each is reduced to its part below the resource. The probe
 * resource is a listed folder (so an adapter that checks the folder exists still answers) and the target a
 * listed file outside it, else the made-up {@link SUBFOLDER} and any listed file.
 */
export function confinementProbes(resourcePath: string, listed: readonly string[]): ConfinementPlan {
  const root = resourcePath.replace(/\/+$/, "");
  const below = [
    ...new Set(listed.map((path) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path))),
  ].filter((path) => !path.startsWith("/") && !path.split("/").some((part) => part === "" || part === ".."));
  if (listed.length === 0) return { kind: "none", reason: "the listing names no file, so there is nothing to probe" };
  if (below.length === 0)
    return {
      kind: "none",
      reason: `no listed path lies below resource_path ${resourcePath} or is relative to it (e.g. ${JSON.stringify(listed[0])})`,
    };
  const folder = below.map((path) => path.split("/")[0] ?? "").find((first, index) => below[index] !== first);
  const target = below.find((path) => folder === undefined || !path.startsWith(`${folder}/`));
  const sub = folder !== undefined && target !== undefined ? folder : SUBFOLDER;
  const file = target ?? (below[0] as string);
  const resource = `${root}/${sub}`;
  const leaveRoot = root.split("/").at(-1);
  return {
    kind: "probes",
    resource,
    probes: [
      { what: "a listed file outside the resource, by its absolute path", file: `${root}/${file}` },
      {
        what: "a listed file reached by leaving the resource through .. (absolute path)",
        file: `${resource}/../${file}`,
      },
      { what: "a listed file reached by leaving the resource through .. (relative path)", file: `../${file}` },
      ...(leaveRoot === undefined || leaveRoot === ""
        ? []
        : [
            {
              what: "a listed file reached by leaving the listed resource itself through ../.. (relative path)",
              file: `../../${leaveRoot}/${file}`,
            },
          ]),
    ],
  };
}

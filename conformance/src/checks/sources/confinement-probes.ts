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
  if (listed.length === 0) return { kind: "none", reason: "the listing names no file, so there is nothing to probe" };
  const below = pathsBelow(root, listed);
  if (below.length === 0)
    return {
      kind: "none",
      reason: `no listed path lies below resource_path ${resourcePath} or is relative to it (e.g. ${JSON.stringify(listed[0])})`,
    };
  const { folder, file } = pickTarget(below);
  const resource = `${root}/${folder}`;
  const rootName = root.split("/").at(-1) ?? "";
  const probes: ConfinementProbe[] = [
    { what: "a listed file outside the resource, by its absolute path", file: `${root}/${file}` },
    {
      what: "a listed file reached by leaving the resource through .. (absolute path)",
      file: `${resource}/../${file}`,
    },
    { what: "a listed file reached by leaving the resource through .. (relative path)", file: `../${file}` },
  ];
  if (rootName !== "")
    probes.push({
      what: "a listed file reached by leaving the listed resource itself through ../.. (relative path)",
      file: `../../${rootName}/${file}`,
    });
  return { kind: "probes", resource, probes };
}

/** Each listed path's part below the resource, whether it was listed absolute or relative; other styles dropped. */
function pathsBelow(root: string, listed: readonly string[]): string[] {
  const relative = listed.map((path) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path));
  return [...new Set(relative)].filter(
    (path) => !path.startsWith("/") && !path.split("/").some((part) => part === "" || part === "." || part === ".."),
  );
}

/** A listed folder and a listed file outside it; without a folder that has a file outside it, {@link SUBFOLDER}. */
function pickTarget(below: readonly string[]): { folder: string; file: string } {
  for (const path of below) {
    const [folder] = path.split("/");
    if (folder === undefined || folder === path) continue;
    const outside = below.find((other) => !other.startsWith(`${folder}/`));
    if (outside !== undefined) return { folder, file: outside };
  }
  return { folder: SUBFOLDER, file: below[0] as string };
}

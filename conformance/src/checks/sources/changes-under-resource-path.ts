import { posix } from "node:path";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { entryFailure, fieldOf, judgeWalk, listedEntries, NOTHING_LISTED } from "./judge-walk.ts";

/**
 * Every listed path lies under `resource_path`, judged in the path's own style: an absolute path (starting with `/`)
 * must normalise to below the resource path, a relative one must not climb out of it with `..`.
 */
export const changesUnderResourcePath: ConformanceCheck = {
  id: "sources.changes-under-resource-path",
  group: "sources",
  level: "required",
  rationale:
    "A source only reads below its resource_path, listing included: a change outside it hands the service a file the " +
    "tenant did not connect (contract.md#sources-list-changes, #sources-fetch-file).",
  appliesWhen: () => true,
  run: (ctx) =>
    judgeWalk(ctx, (walk) => {
      const listed = listedEntries(walk);
      if (listed.length === 0) return NOTHING_LISTED;
      const failures: CheckFailure[] = [];
      for (const entry of listed) {
        const path = fieldOf(entry.entry, "path");
        // A path that is no string is sources.no-duplicate-paths' to report.
        if (typeof path !== "string" || path === "" || liesUnder(walk.resourcePath, path)) continue;
        failures.push(
          entryFailure(ctx, entry, "path", {
            message: `path lies outside resource_path ${JSON.stringify(walk.resourcePath)}`,
            expected: path.startsWith("/")
              ? `an absolute path below ${walk.resourcePath}`
              : "a path relative to resource_path that does not climb out of it",
          }),
        );
      }
      return failures;
    }),
};

/** Whether a listed path, absolute or relative, names something below the resource path. */
export function liesUnder(resourcePath: string, path: string): boolean {
  if (!path.startsWith("/")) {
    const normalized = posix.normalize(path);
    return normalized !== ".." && !normalized.startsWith("../") && !path.split("/").includes("..");
  }
  const root = posix.normalize(resourcePath).replace(/\/+$/, "");
  const normalized = posix.normalize(path);
  // The resource itself may be a file a listing names.
  return (normalized === root || normalized.startsWith(`${root}/`)) && !path.split("/").includes("..");
}

import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { entryFailure, fieldOf, judgeWalk, listedEntries, NOTHING_LISTED } from "./judge-walk.ts";

/** One list-changes answer names each path once (and every path is a non-empty string). */
export const noDuplicatePaths: ConformanceCheck = {
  id: "sources.no-duplicate-paths",
  group: "sources",
  level: "required",
  rationale:
    "A listing says one thing per file; two entries for one path leave the service to guess which holds (contract.md#change-entry).",
  appliesWhen: () => true,
  run: (ctx) =>
    judgeWalk(ctx, (walk) => {
      if (listedEntries(walk).length === 0) return NOTHING_LISTED;
      const failures: CheckFailure[] = [];
      const seen = new Map<number, Map<string, number>>();
      for (const listed of listedEntries(walk)) {
        const path = fieldOf(listed.entry, "path");
        if (typeof path !== "string" || path === "") {
          failures.push(
            entryFailure(ctx, listed, "path", { message: "path is not a non-empty string", expected: "a file path" }),
          );
          continue;
        }
        const onPage = seen.get(listed.page.number) ?? new Map<string, number>();
        seen.set(listed.page.number, onPage);
        const first = onPage.get(path);
        if (first === undefined) onPage.set(path, listed.index);
        else
          failures.push(
            entryFailure(ctx, listed, "path", {
              message: `path already listed as change ${first} of this page`,
              expected: "each path once per answer",
            }),
          );
      }
      return failures;
    }),
};

import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { entryFailure, fieldOf, judgeWalk, listedEntries, NOTHING_LISTED } from "./judge-walk.ts";

/** `fingerprint` is null for removed files and a non-empty string for added and modified ones. */
export const fingerprintNullIffRemoved: ConformanceCheck = {
  id: "sources.fingerprint-null-iff-removed",
  group: "sources",
  level: "required",
  rationale: "fingerprint is an etag or hash, null for removed files (contract.md#change-entry, D36).",
  appliesWhen: () => true,
  run: (ctx) =>
    judgeWalk(ctx, (walk) => {
      if (listedEntries(walk).length === 0) return NOTHING_LISTED;
      const failures: CheckFailure[] = [];
      for (const listed of listedEntries(walk)) {
        const status = fieldOf(listed.entry, "status");
        const fingerprint = fieldOf(listed.entry, "fingerprint");
        if (status === "removed" && fingerprint !== null) {
          failures.push(
            entryFailure(ctx, listed, "fingerprint", {
              message: "a removed file carries a fingerprint",
              expected: "null",
            }),
          );
        } else if (
          (status === "added" || status === "modified") &&
          (typeof fingerprint !== "string" || fingerprint === "")
        ) {
          failures.push(
            entryFailure(ctx, listed, "fingerprint", {
              message: `an ${status} file has no fingerprint`,
              expected: "a non-empty string",
            }),
          );
        }
      }
      return failures;
    }),
};

import { CHANGE_STATUSES } from "@adapterkit/contract";
import type { ConformanceCheck } from "../../context.ts";
import { entryFailure, fieldOf, judgeWalk, listedEntries, NOTHING_LISTED } from "./judge-walk.ts";

/** Every change entry's `status` is `added`, `modified` or `removed`. */
export const statusEnum: ConformanceCheck = {
  id: "sources.status-enum",
  group: "sources",
  level: "required",
  rationale: "A change's status is added, modified or removed (contract.md#change-entry).",
  appliesWhen: () => true,
  run: (ctx) =>
    judgeWalk(ctx, (walk) =>
      listedEntries(walk).length === 0
        ? NOTHING_LISTED
        : listedEntries(walk)
            .filter((listed) => !(CHANGE_STATUSES as readonly unknown[]).includes(fieldOf(listed.entry, "status")))
            .map((listed) =>
              entryFailure(ctx, listed, "status", {
                message: "status is not one of the three",
                expected: CHANGE_STATUSES.join(" | "),
              }),
            ),
    ),
};

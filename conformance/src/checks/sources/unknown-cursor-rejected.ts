import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { judgeWalk } from "./judge-walk.ts";
import { judgeRefusal } from "./tamper-cursor.ts";
import { listChanges, walkSources } from "./walk-sources.ts";

/**
 * Cursors the adapter never issued — an empty one, a made-up word, the first cursor cut in half or with text
 * added — are refused with a 4xx: reading an unreadable cursor as "from the start" silently restarts the listing.
 */
export const unknownCursorRejected: ConformanceCheck = {
  id: "sources.unknown-cursor-rejected",
  group: "sources",
  level: "required",
  rationale:
    "An unknown cursor (empty, made up, truncated, extended) is a 400, never read as a fresh start that silently restarts the listing (D7).",
  appliesWhen: () => true,
  async run(ctx) {
    const walk = await walkSources(ctx);
    if (walk.kind === "absent") return notApplicable(walk.reason);
    const first = walk.pages[0];
    if (first === undefined) return judgeWalk(ctx, () => []);
    const forged = [
      ["an empty cursor", ""],
      ["a made-up cursor", "adapterkit-unknown-cursor"],
      ["the first cursor cut in half", first.cursor.slice(0, Math.floor(first.cursor.length / 2))],
      ["the first cursor with text added", `${first.cursor}adapterkit`],
    ] as const;
    const failures: CheckFailure[] = [];
    for (const [what, cursor] of forged) {
      failures.push(...(judgeRefusal(ctx, await listChanges(ctx, cursor), what).failures ?? []));
    }
    return outcomeOf(failures);
  },
};

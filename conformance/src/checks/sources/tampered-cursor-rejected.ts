import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable } from "../../outcome.ts";
import { judgeWalk } from "./judge-walk.ts";
import { judgeRefusal, tamperCursor } from "./tamper-cursor.ts";
import { listChanges, walkSources } from "./walk-sources.ts";

/** A cursor the adapter issued, with one character changed, is refused with a 4xx. */
export const tamperedCursorRejected: ConformanceCheck = {
  id: "sources.tampered-cursor-rejected",
  group: "sources",
  level: "required",
  rationale: "Cursors are opaque; an unknown or tampered cursor is a 400, never a silent restart or a 5xx (D7).",
  appliesWhen: () => true,
  async run(ctx) {
    const walk = await walkSources(ctx);
    if (walk.kind === "absent") return notApplicable(walk.reason);
    const first = walk.pages[0];
    if (first === undefined) return judgeWalk(ctx, () => []);
    const tampered = tamperCursor(first.cursor);
    if (tampered === first.cursor)
      return failed([
        ctx.failure({ endpoint: "POST /sources/list-changes", message: "could not tamper with the cursor" }),
      ]);
    return judgeRefusal(ctx, await listChanges(ctx, tampered), "a cursor with one character changed");
  },
};

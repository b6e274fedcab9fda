import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { walkSources } from "./walk-sources.ts";

/**
 * Paging from a null cursor reaches a page without changes within the fixtures' `sources.max_pages`, and the
 * cursor that page returns lists nothing new either: a sync loop over it terminates.
 */
export const reachesFixedPoint: ConformanceCheck = {
  id: "sources.reaches-fixed-point",
  group: "sources",
  level: "required",
  rationale:
    "The cursor encodes what was already listed, so an unchanged source settles on a page with no changes (contract.md#sources).",
  appliesWhen: () => true,
  async run(ctx) {
    const walk = await walkSources(ctx);
    if (walk.kind === "absent") return notApplicable(walk.reason);
    if (walk.failure !== undefined) return failed([walk.failure]);
    if (walk.settled) return passed(`settled after ${walk.pages.length - 1} page(s)`);
    const last = walk.pages.at(-1);
    const reopened = walk.pages.slice(0, -1).some((page) => page.changes.length === 0);
    const message = reopened
      ? "the page after an empty page listed changes again: the cursor does not hold its position"
      : `no page without changes within ${walk.maxPages} pages (sources.max_pages)`;
    return failed([
      last === undefined
        ? ctx.failure({ endpoint: "POST /sources/list-changes", message })
        : checkFailure(ctx, last.call, {
            message,
            pointer: "/changes",
            expected: "[] (no changes)",
            actual: `${last.changes.length} change(s)`,
          }),
    ]);
  },
};

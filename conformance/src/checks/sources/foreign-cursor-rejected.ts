import type { ConformanceCheck } from "../../context.ts";
import { notApplicable } from "../../outcome.ts";
import { judgeWalk } from "./judge-walk.ts";
import { judgeRefusal } from "./tamper-cursor.ts";
import { listChanges, walkSources } from "./walk-sources.ts";

/** A cursor issued for the good credentials, presented with another organization's credentials, is refused. */
export const foreignCursorRejected: ConformanceCheck = {
  id: "sources.foreign-cursor-rejected",
  group: "sources",
  level: "recommended",
  rationale:
    "A cursor bound to the credentials it was issued for cannot leak one organization's listing state into another's (contract.md#stateless, D7).",
  appliesWhen: () => true,
  async run(ctx) {
    const other = ctx.fixtures.credentials.other;
    if (other === undefined) return notApplicable("the fixtures give no credentials.other");
    const walk = await walkSources(ctx);
    if (walk.kind === "absent") return notApplicable(walk.reason);
    const first = walk.pages[0];
    if (first === undefined) return judgeWalk(ctx, () => []);
    const otherCredentials = ctx.render(other);
    const own = await listChanges(ctx, null, otherCredentials);
    if (!own.result.ok) return notApplicable("credentials.other cannot list the resource path from a null cursor");
    return judgeRefusal(
      ctx,
      await listChanges(ctx, first.cursor, otherCredentials),
      "a cursor issued for other credentials",
    );
  },
};

import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { callFailure, checkFailure, type SentCall } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { fieldOf, judgeWalk, type RuleFindings, type Walked } from "./judge-walk.ts";
import { listChanges, readBody } from "./walk-sources.ts";

/**
 * Listing the unchanged source a second time from a null cursor ends with every file at the fingerprint the first
 * listing ended with: a fingerprint that changes by itself (a fetch time, a random etag) makes the service fetch
 * every file again. Each walk is compared with the other like for like, final state with final state, so a change
 * log that lists a file's history (added as e1 on one page, modified to e3 on a later one) is judged by where each
 * walk ends, never one walk's first entry against the other's last.
 */
export const fingerprintsStable: ConformanceCheck = {
  id: "sources.fingerprints-stable",
  group: "sources",
  level: "required",
  rationale:
    "A fingerprint is an etag or hash of the file, so an unchanged file keeps it from one listing to the next (contract.md#change-entry, D36).",
  appliesWhen: () => true,
  run: (ctx) => judgeWalk(ctx, (walk) => relist(ctx, walk)),
};

/** Where a walk leaves one path: its last listed fingerprint (null once removed) and the call that said so. */
interface FinalEntry {
  readonly fingerprint: unknown;
  readonly call: SentCall;
}

async function relist(ctx: ConformanceContext, walk: Walked): Promise<RuleFindings> {
  const before = finalState(walk.pages);
  if (![...before.values()].some(({ fingerprint }) => typeof fingerprint === "string"))
    return { notApplicable: "the listing names no file with a fingerprint, so there is nothing to compare" };
  const again: { call: SentCall; changes: readonly unknown[] }[] = [];
  let cursor: string | null = null;
  for (const page of walk.pages) {
    const { call, result } = await listChanges(ctx, cursor);
    const body = readBody(result);
    if (body === undefined || !Array.isArray(body.changes) || typeof body.cursor !== "string") {
      return [
        result.ok
          ? checkFailure(ctx, call, {
              message: `second listing, page ${page.number}: no changes array or cursor`,
              step: "second listing",
            })
          : callFailure(ctx, call, result, `second listing, page ${page.number}`),
      ];
    }
    again.push({ call, changes: body.changes });
    cursor = body.cursor;
  }
  const after = finalState(again);
  const failures: CheckFailure[] = [];
  for (const [path, was] of before) {
    const now = after.get(path);
    if (now === undefined || now.fingerprint === was.fingerprint) continue;
    failures.push(
      checkFailure(ctx, now.call, {
        message: `the unchanged file ${JSON.stringify(path)} ends a second listing from a null cursor with another fingerprint`,
        expected: `${show(was.fingerprint)} (where the first listing ended)`,
        actual: show(now.fingerprint),
      }),
    );
  }
  return failures;
}

/** The last entry listed for each path over a walk's pages, in order. */
function finalState(pages: readonly { call: SentCall; changes: readonly unknown[] }[]): Map<string, FinalEntry> {
  const state = new Map<string, FinalEntry>();
  for (const { call, changes } of pages) {
    for (const entry of changes) {
      const path = fieldOf(entry, "path");
      if (typeof path === "string") state.set(path, { fingerprint: fieldOf(entry, "fingerprint"), call });
    }
  }
  return state;
}

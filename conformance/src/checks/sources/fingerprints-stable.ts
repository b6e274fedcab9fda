import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { fieldOf, judgeWalk, type Walked } from "./judge-walk.ts";
import { listChanges, readBody } from "./walk-sources.ts";

/**
 * Listing the unchanged source a second time from a null cursor gives every file the fingerprint it had: a
 * fingerprint that changes by itself (a fetch time, a random etag) makes the service fetch every file again.
 */
export const fingerprintsStable: ConformanceCheck = {
  id: "sources.fingerprints-stable",
  group: "sources",
  level: "required",
  rationale:
    "A fingerprint is an etag or hash of the file, so an unchanged file keeps it from one listing to the next (SPEC change entry, D36).",
  appliesWhen: () => true,
  run: (ctx) => judgeWalk(ctx, (walk) => relist(ctx, walk)),
};

async function relist(ctx: ConformanceContext, walk: Walked): Promise<CheckFailure[]> {
  const before = fingerprints(walk.pages.flatMap((page) => page.changes));
  let cursor: string | null = null;
  const failures: CheckFailure[] = [];
  for (const page of walk.pages) {
    const { call, result } = await listChanges(ctx, cursor);
    const body = readBody(result);
    if (body === undefined || !Array.isArray(body.changes) || typeof body.cursor !== "string") {
      return result.ok ? [] : [callFailure(ctx, call, result, `second listing, page ${page.number}`)];
    }
    for (const [path, fingerprint] of fingerprints(body.changes)) {
      const was = before.get(path);
      if (was === undefined || was === fingerprint) continue;
      failures.push(
        checkFailure(ctx, call, {
          message: `the unchanged file ${JSON.stringify(path)} got another fingerprint in a second listing`,
          expected: show(was),
          actual: show(fingerprint),
        }),
      );
    }
    cursor = body.cursor;
  }
  return failures;
}

/** The last non-null fingerprint listed for each path. */
function fingerprints(changes: readonly unknown[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of changes) {
    const path = fieldOf(entry, "path");
    const fingerprint = fieldOf(entry, "fingerprint");
    if (typeof path === "string" && typeof fingerprint === "string") map.set(path, fingerprint);
  }
  return map;
}

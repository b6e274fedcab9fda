import type { CheckFailure, CheckOutcome } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { failed, notApplicable, outcomeOf } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { type SourcesPage, type SourcesWalk, walkSources } from "./walk-sources.ts";

/** A walk that went ahead (the adapter has sources). */
export type Walked = Extract<SourcesWalk, { kind: "walked" }>;

/** One change entry as listed, with where it was. */
export interface ListedEntry {
  readonly page: SourcesPage;
  readonly index: number;
  readonly entry: unknown;
}

/** What a sources rule found: its failures, or why its premise is absent from this listing (not applicable). */
export type RuleFindings = CheckFailure[] | { readonly notApplicable: string };

/**
 * Runs a sources rule over the shared walk: not applicable without sources; failed (step `listing`) when not even
 * one page came back; not applicable when the rule finds nothing to judge; otherwise the rule's failures.
 */
export async function judgeWalk(
  ctx: ConformanceContext,
  rule: (walk: Walked) => RuleFindings | Promise<RuleFindings>,
): Promise<CheckOutcome> {
  const walk = await walkSources(ctx);
  if (walk.kind === "absent") return notApplicable(walk.reason);
  if (walk.pages.length === 0) {
    const failure =
      walk.failure ?? ctx.failure({ endpoint: "POST /sources/list-changes", message: "no page was listed" });
    return failed([{ ...failure, step: "listing" }]);
  }
  const findings = await rule(walk);
  if (!Array.isArray(findings)) return notApplicable(findings.notApplicable);
  return outcomeOf(findings, `${walk.pages.length} page(s)`);
}

/** The finding of a rule over entries when the listing names none: not applicable, never a pass over nothing. */
export const NOTHING_LISTED = { notApplicable: "the listing names no change, so there is nothing to judge" } as const;

/** Every change entry of every page, in order. */
export function listedEntries(walk: Walked): ListedEntry[] {
  return walk.pages.flatMap((page) => page.changes.map((entry, index) => ({ page, index, entry })));
}

/** A field of an entry when the entry is an object. */
export function fieldOf(entry: unknown, field: string): unknown {
  return typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>)[field] : undefined;
}

/** A failure about one listed entry, pointing at its field. */
export function entryFailure(
  ctx: ConformanceContext,
  { page, index, entry }: ListedEntry,
  field: string,
  details: { message: string; expected: string },
): CheckFailure {
  return checkFailure(ctx, page.call, {
    message: `page ${page.number}, change ${index}: ${details.message}`,
    pointer: `/changes/${index}/${field}`,
    expected: details.expected,
    actual: show(fieldOf(entry, field)),
  });
}

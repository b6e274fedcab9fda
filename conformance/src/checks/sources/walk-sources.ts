import type { ClientResult } from "@adapterkit/client";
import type { ListChangesRequest, ListChangesResponse } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { callFailure, checkFailure, type SentCall } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";

/** Page budget when the fixtures give no `sources.max_pages`. */
const DEFAULT_MAX_PAGES = 50;

/** One `/sources/list-changes` answer, read leniently so every check can judge its own rule. */
export interface SourcesPage {
  /** 1-based. */
  readonly number: number;
  readonly call: SentCall;
  readonly changes: readonly unknown[];
  readonly cursor: string;
}

/** The listing from a null cursor to its fixed point (or as far as it went), shared by every sources check. */
export type SourcesWalk =
  | { readonly kind: "absent"; readonly reason: string }
  | {
      readonly kind: "walked";
      readonly resourcePath: string;
      readonly maxPages: number;
      readonly pages: readonly SourcesPage[];
      /** A page without changes was reached, and the page after it had none either. */
      readonly settled: boolean;
      /** Why the walk stopped early (a failed call, a missing cursor). */
      readonly failure?: CheckFailure;
    };

const WALKS = new WeakMap<ConformanceContext, Promise<SourcesWalk>>();

/**
 * The run's sources walk, made once per context. Without a `sources` block in the fixtures, 404/501 on both
 * endpoints means the adapter has no sources (D34).
 */
export function walkSources(ctx: ConformanceContext): Promise<SourcesWalk> {
  let walk = WALKS.get(ctx);
  if (walk === undefined) {
    walk = walkOnce(ctx);
    WALKS.set(ctx, walk);
  }
  return walk;
}

/** A `/sources/list-changes` call and its answer. */
export interface ListChangesCall {
  readonly call: SentCall;
  readonly result: ClientResult<ListChangesResponse>;
}

/** Calls `/sources/list-changes` once with the good credentials (or others). */
export async function listChanges(
  ctx: ConformanceContext,
  cursor: string | null,
  credentials: Readonly<Record<string, unknown>> = goodCredentials(ctx),
): Promise<ListChangesCall> {
  const body: ListChangesRequest = { credentials: { ...credentials }, resource_path: resourcePathOf(ctx), cursor };
  return { call: { endpoint: "list-changes", body }, result: await ctx.client.listChanges(body) };
}

/** The fixtures' resource path, rendered (`/` when the fixtures have no sources block). */
export function resourcePathOf(ctx: ConformanceContext): string {
  return ctx.render(ctx.fixtures.sources?.resource_path ?? "/");
}

async function walkOnce(ctx: ConformanceContext): Promise<SourcesWalk> {
  const maxPages = ctx.fixtures.sources?.max_pages ?? DEFAULT_MAX_PAGES;
  const resourcePath = resourcePathOf(ctx);
  const pages: SourcesPage[] = [];
  const walked = (settled: boolean, failure?: CheckFailure): SourcesWalk => ({
    kind: "walked",
    resourcePath,
    maxPages,
    pages,
    settled,
    ...(failure === undefined ? {} : { failure }),
  });
  let cursor: string | null = null;
  let emptySeen = false;
  // One page past the budget: the page after the first empty one confirms the fixed point.
  for (let number = 1; number <= maxPages + 1; number += 1) {
    const { call, result } = await listChanges(ctx, cursor);
    // Fixtures that declare sources say the adapter has them: then a 404 or 501 is a failure, not an absence.
    if (number === 1 && ctx.fixtures.sources === undefined && !result.ok && isAbsent(result)) {
      const absent = await absentReason(ctx);
      if (absent !== undefined) return { kind: "absent", reason: absent };
    }
    const body = readBody(result);
    if (body === undefined)
      return walked(false, result.ok ? undefined : callFailure(ctx, call, result, `page ${number}`));
    const next = typeof body.cursor === "string" && body.cursor !== "" ? body.cursor : undefined;
    if (next === undefined || !Array.isArray(body.changes)) {
      const message = `page ${number} has no ${next === undefined ? "cursor" : "changes array"}`;
      return walked(
        false,
        checkFailure(ctx, call, { message, pointer: next === undefined ? "/cursor" : "/changes", step: "listing" }),
      );
    }
    pages.push({ number, call, changes: body.changes, cursor: next });
    if (emptySeen) return walked(body.changes.length === 0);
    emptySeen = body.changes.length === 0;
    if (!emptySeen && number >= maxPages) return walked(false);
    cursor = next;
  }
  return walked(false);
}

/** The JSON body of an answer, also when it breaks the schema (each check judges its own rule). */
export function readBody(
  result: ClientResult<ListChangesResponse>,
): { changes?: unknown; cursor?: unknown } | undefined {
  if (result.ok) return result.value as { changes?: unknown; cursor?: unknown };
  const { error } = result;
  if (error.kind === "schema_violation" && typeof error.body === "object" && error.body !== null) return error.body;
  return undefined;
}

function isAbsent(result: { ok: false; error: { kind: string; status?: number } }): boolean {
  return result.error.kind === "http_status" && (result.error.status === 404 || result.error.status === 501);
}

/** Why the adapter has no sources (both endpoints 404/501), or undefined when fetch-file answers otherwise. */
async function absentReason(ctx: ConformanceContext): Promise<string | undefined> {
  const body = {
    credentials: { ...goodCredentials(ctx) },
    resource_path: resourcePathOf(ctx),
    file_path: "/adapterkit-conformance-probe",
  };
  const result = await ctx.client.fetchFile(body);
  if (result.ok || !isAbsent(result)) return undefined;
  return "the adapter answers 404/501 on both sources endpoints (D34)";
}

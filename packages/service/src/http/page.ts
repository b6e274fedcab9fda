import { ServiceError } from "../errors/service-error.ts";
import { parseIdParam } from "../store/index.ts";

// The paginated lists (trigger runs, received callbacks) go newest first by id; a cursor is the base64url of the
// last id a page showed, opaque to callers, and the next page holds the ids below it.

/** Default and largest page size. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

function badQuery(field: string, message: string): ServiceError {
  return new ServiceError("invalid_request", `${field}: ${message}`, {
    errors: [{ path: `/${field}`, message: `${field}: ${message}` }],
  });
}

/** Reads `limit` and `cursor` from the query: how many rows to show, and the id they must lie below. */
export function readPageQuery(query: URLSearchParams): { limit: number; before: number | undefined } {
  const limitText = query.get("limit");
  const limit = limitText === null ? PAGE_SIZE.default : Number(limitText);
  if (!/^\d+$/.test(limitText ?? "1") || limit < 1 || limit > PAGE_SIZE.max) {
    throw badQuery("limit", `expected a whole number from 1 to ${PAGE_SIZE.max}`);
  }
  const cursor = query.get("cursor");
  if (cursor === null || cursor === "") return { limit, before: undefined };
  const before = /^[A-Za-z0-9_-]{1,16}$/.test(cursor)
    ? parseIdParam(Buffer.from(cursor, "base64url").toString("utf8"))
    : undefined;
  if (before === undefined) throw badQuery("cursor", "not a cursor this endpoint returned");
  return { limit, before };
}

/**
 * One page from rows read newest first with `limit + 1` as their limit: the first `limit`, rendered, and a cursor
 * to the rest when the extra row shows there is more.
 *
 * @example
 * const { limit, before } = readPageQuery(query);
 * const rows = await newestFirstBelow(before).limit(limit + 1).execute();
 * return toPage(rows, limit, toJson); // { items, next_cursor }
 */
export function toPage<Row extends { id: number }, Item>(
  rows: readonly Row[],
  limit: number,
  render: (row: Row) => Item,
): { items: Item[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit && last !== undefined;
  return { items: page.map(render), next_cursor: more ? Buffer.from(String(last.id)).toString("base64url") : null };
}

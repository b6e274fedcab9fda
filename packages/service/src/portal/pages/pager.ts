import { ServiceError } from "../../errors/service-error.ts";

/** How many rows a listing page shows. */
export const PAGE_SIZE = 50;

/** The page a `?page=` asks for (1 when absent); anything but a whole number from 1 is a 400. */
export function readPageNumber(query: URLSearchParams): number {
  const raw = query.get("page");
  if (raw === null) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) {
    throw new ServiceError("invalid_request", "page: expected a whole number from 1", {
      errors: [{ path: "page", message: "expected a whole number from 1" }],
    });
  }
  return Number(raw);
}

/** The pager under a listing: links to the previous and next page, when there are several. */
export function pagerOf(path: string, page: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1) return { pages: 0 };
  return {
    page,
    pages,
    total,
    previous: page > 1 ? `${path}?page=${page - 1}` : undefined,
    next: page < pages ? `${path}?page=${page + 1}` : undefined,
  };
}

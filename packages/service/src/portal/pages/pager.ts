import { ServiceError } from "../../errors/service-error.ts";

/** How many rows a listing page shows. */
export const PAGE_SIZE = 50;

/** The page a `?page=` (or another parameter) asks for (1 when absent); anything but a whole number from 1 is a 400. */
export function readPageNumber(query: URLSearchParams, parameter = "page"): number {
  const raw = query.get(parameter);
  if (raw === null) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) {
    throw new ServiceError("invalid_request", `${parameter}: expected a whole number from 1`, {
      errors: [{ path: parameter, message: "expected a whole number from 1" }],
    });
  }
  return Number(raw);
}

/** How a pager names its page parameter and its navigation landmark (two pagers on a page need two of each). */
export interface PagerOptions {
  readonly parameter?: string;
  readonly label?: string;
}

/** The pager under a listing: links to the previous and next page, when there are several. */
export function pagerOf(path: string, page: number, total: number, options: PagerOptions = {}) {
  const parameter = options.parameter ?? "page";
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1) return { pages: 0 };
  return {
    page,
    pages,
    total,
    label: options.label ?? "Pages",
    previous: page > 1 ? `${path}?${parameter}=${page - 1}` : undefined,
    next: page < pages ? `${path}?${parameter}=${page + 1}` : undefined,
  };
}

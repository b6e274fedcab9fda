import { describe, expect, it } from "vitest";
import { PAGE_SIZE, readPageQuery, toPage } from "./page.ts";

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

describe("toPage and readPageQuery", () => {
  it("gives a cursor when the extra row shows more, which reads back as the last id shown", () => {
    const page = toPage(rows(9, 8, 7), 2, (row) => row.id * 10);
    expect(page.items).toEqual([90, 80]);
    expect(readPageQuery(new URLSearchParams({ cursor: page.next_cursor ?? "" })).before).toBe(8);
  });

  it("gives no cursor on the last page", () => {
    expect(toPage(rows(2, 1), 2, (row) => row.id)).toEqual({ items: [2, 1], next_cursor: null });
    expect(toPage(rows(), 2, (row) => row.id)).toEqual({ items: [], next_cursor: null });
  });

  it("defaults the limit and refuses one out of range or not whole, naming it", () => {
    expect(readPageQuery(new URLSearchParams())).toEqual({ limit: PAGE_SIZE.default, before: undefined });
    for (const limit of ["0", "101", "1.5", "abc", ""]) {
      expect(() => readPageQuery(new URLSearchParams({ limit }))).toThrow(/^limit: /);
    }
  });

  it("refuses a cursor it did not issue", () => {
    for (const cursor of ["%%%", "bm90LWFuLWlk", "A".repeat(17)]) {
      expect(() => readPageQuery(new URLSearchParams({ cursor }))).toThrow(/^cursor: /);
    }
  });
});

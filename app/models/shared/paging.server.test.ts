import { describe, expect, it } from "vitest";
import { parseDimobQuery } from "#app/models/owners/dimob-query";
import { pageOfRows } from "./paging.server";

// A page of rows already in memory (the DIMOB's contracts and blockers, issue
// 34): 25 a page, the page clamped as pageOf clamps it.
describe("pageOfRows", () => {
  const rows = Array.from({ length: 60 }, (_, i) => i + 1);

  it("gives the asked page's rows with the count and the number of pages", () => {
    expect(pageOfRows(rows, 1)).toEqual({ rows: rows.slice(0, 25), total: 60, page: 1, pages: 3 });
    expect(pageOfRows(rows, 3)).toEqual({
      rows: [51, 52, 53, 54, 55, 56, 57, 58, 59, 60],
      total: 60,
      page: 3,
      pages: 3,
    });
  });

  it("clamps a page past the end to the last one, and shows an empty list as one empty page", () => {
    expect(pageOfRows(rows, 900).page).toBe(3);
    expect(pageOfRows(rows, 0).page).toBe(1);
    expect(pageOfRows([], 4)).toEqual({ rows: [], total: 0, page: 1, pages: 1 });
  });

  it("reads the DIMOB page's two page numbers from its URL, anything else being page 1", () => {
    expect(parseDimobQuery(new URLSearchParams("year=2025&pagina=3&pendencias=2"))).toEqual({
      page: 3,
      blockersPage: 2,
    });
    expect(parseDimobQuery(new URLSearchParams("pagina=-1&pendencias=x"))).toEqual({ page: 1, blockersPage: 1 });
  });
});

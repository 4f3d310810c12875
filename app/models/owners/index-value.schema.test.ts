import { describe, expect, it } from "vitest";
import { INDEX_FORM_MESSAGES as M, indexImportSchema, indexRateSchema, readIndexMonth } from "./index-value.schema";

describe("readIndexMonth", () => {
  it("reads the month input's value and the Brazilian month/year", () => {
    expect(readIndexMonth("2026-10")).toBe("2026-10");
    expect(readIndexMonth(" 3/2026 ")).toBe("2026-03");
    expect(readIndexMonth("12/2026")).toBe("2026-12");
  });
  it("refuses month 0, month 13 and other text", () => {
    expect(readIndexMonth("2026-13")).toBeNull();
    expect(readIndexMonth("00/2026")).toBeNull();
    expect(readIndexMonth("outubro")).toBeNull();
    expect(readIndexMonth("")).toBeNull();
  });
});

describe("indexRateSchema", () => {
  it("gives the index, the month and the rate in parts per million", () => {
    expect(indexRateSchema.parse({ index: "IPCA", month: "10/2026", rate: "-0,73" })).toEqual({
      index: "IPCA",
      month: "2026-10",
      rate: -7_300,
    });
  });
  it("says what is wrong with each field", () => {
    const result = indexRateSchema.safeParse({ index: "SELIC", month: "13/2026", rate: "abc" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ index: M.index, month: M.month, rate: M.rate });
  });
});

describe("indexImportSchema", () => {
  it("refuses an empty file with the file's message", () => {
    const result = indexImportSchema.safeParse({ index: "IGPM", file: new File([], "x.csv") });
    expect(result.error?.issues.map((i) => i.message)).toEqual([M.file]);
  });
  it("takes a file with content", () => {
    const file = new File(["data;valor\n01/10/2026;0,52\n"], "igpm.csv", { type: "text/csv" });
    expect(indexImportSchema.parse({ index: "IGPM", file }).index).toBe("IGPM");
  });
});

import { describe, expect, it } from "vitest";
import { auditQueryString, parseAuditQuery } from "./audit.schema";

const parse = (query: string) => parseAuditQuery(new URLSearchParams(query));

describe("the audit filter from the URL", () => {
  it("reads person, entity, days and page", () => {
    expect(parse("pessoa=12&entidade=property&de=01/02/2025&ate=2025-02-28&page=3")).toEqual({
      filter: { actorId: 12, entity: "property", from: "2025-02-01", to: "2025-02-28" },
      page: 3,
    });
  });

  it("ignores what it cannot read", () => {
    expect(parse("pessoa=abc&entidade=senha&de=31/02/2025&ate=ontem&page=-1")).toEqual({ filter: {}, page: 1 });
    expect(parse("pessoa=0&page=0x10")).toEqual({ filter: {}, page: 1 });
    expect(parse("")).toEqual({ filter: {}, page: 1 });
  });

  it("puts the days in order and bounds the page", () => {
    expect(parse("de=2025-03-01&ate=2025-02-01&page=0").filter).toEqual({ from: "2025-02-01", to: "2025-03-01" });
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=999999").page).toBe(100_000);
  });

  it("writes the URL back", () => {
    expect(auditQueryString({ actorId: 5, entity: "banner", from: "2025-01-01" }, 2)).toBe(
      "?pessoa=5&entidade=banner&de=2025-01-01&page=2",
    );
    expect(auditQueryString({}, 1)).toBe("");
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseRequestFilter, requestUpdateSchema, safeAdminRedirect } from "./requests.schema";
import { telHref, whatsappHref } from "./request-status";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return parseWithZod(fd, { schema: requestUpdateSchema });
}

describe("requestUpdateSchema", () => {
  it("accepts each status", () => {
    for (const status of ["pending", "contacted", "resolved"]) {
      const r = form({ intent: "status", id: "7", status });
      expect(r.status).toBe("success");
      if (r.status === "success") expect(r.value).toEqual({ intent: "status", id: 7, status });
    }
  });

  it("refuses an unknown status, a bad id and a missing intent", () => {
    expect(Object.keys(form({ intent: "status", id: "7", status: "archived" }).reply().error ?? {})).toEqual([
      "status",
    ]);
    expect(Object.keys(form({ intent: "status", id: "abc", status: "pending" }).reply().error ?? {})).toEqual(["id"]);
    expect(Object.keys(form({ intent: "status", id: "-3", status: "pending" }).reply().error ?? {})).toEqual(["id"]);
    expect(form({ id: "7", status: "pending" }).status).toBe("error");
    expect(form({ intent: "delete", id: "7" }).status).toBe("error");
  });

  it("trims the responsible name and refuses a blank one", () => {
    const r = form({ intent: "responsible", id: "3", resolved_by: "  Ana Souza " });
    expect(r.status === "success" && r.value).toEqual({ intent: "responsible", id: 3, resolved_by: "Ana Souza" });
    expect(Object.keys(form({ intent: "responsible", id: "3", resolved_by: "" }).reply().error ?? {})).toEqual([
      "resolved_by",
    ]);
    expect(
      Object.keys(form({ intent: "responsible", id: "3", resolved_by: "a".repeat(500) }).reply().error ?? {}),
    ).toEqual(["resolved_by"]);
  });
});

describe("parseRequestFilter", () => {
  it("keeps a known status and a trimmed search", () => {
    expect(parseRequestFilter(new URLSearchParams("status=contacted&q=%20maria%20"))).toEqual({
      status: "contacted",
      q: "maria",
    });
  });
  it("ignores unknown statuses and empty searches", () => {
    expect(parseRequestFilter(new URLSearchParams("status=archived&q=%20%20"))).toEqual({
      status: undefined,
      q: undefined,
    });
    expect(parseRequestFilter(new URLSearchParams(""))).toEqual({ status: undefined, q: undefined });
  });
  it("cuts a long search", () => {
    expect(parseRequestFilter(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });
});

describe("safeAdminRedirect", () => {
  it("accepts back-office paths", () => {
    expect(safeAdminRedirect("/admin/requests?status=pending", "/x")).toBe("/admin/requests?status=pending");
    expect(safeAdminRedirect("/admin/listings/12", "/x")).toBe("/admin/listings/12");
  });
  it("falls back for anything else", () => {
    for (const bad of [
      null,
      "",
      "/",
      "https://evil.example/admin/",
      "//evil.example",
      "/admin",
      "/admin//evil.example",
      "/admin/\\evil",
      "/imoveis",
      "/admin/a b",
    ]) {
      expect(safeAdminRedirect(bad, "/admin/requests")).toBe("/admin/requests");
    }
  });
});

describe("phone links", () => {
  it("builds tel: and wa.me links from a typed Brazilian number", () => {
    expect(telHref("(67) 99999-1234")).toBe("tel:67999991234");
    expect(whatsappHref("(67) 99999-1234")).toBe("https://wa.me/5567999991234");
    expect(whatsappHref("+55 67 3521-0000")).toBe("https://wa.me/556735210000");
    expect(telHref("+55 67 3521-0000")).toBe("tel:+556735210000");
  });
  it("gives no WhatsApp link for too few digits", () => {
    expect(whatsappHref("123")).toBeNull();
    expect(telHref("abc")).toBeNull();
  });
});

describe("safeAdminRedirect header safety", () => {
  it("refuses characters a Location header cannot carry", () => {
    expect(safeAdminRedirect("/admin/€", "/admin/requests")).toBe("/admin/requests");
    expect(safeAdminRedirect("/admin/requests?status=pending", "/x")).toBe("/admin/requests?status=pending");
  });
});

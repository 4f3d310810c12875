import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { planImages } from "./image-plan";
import { cepInputValue, firstError, MESSAGES, priceInputValue, propertySchema } from "./property.schema";

function form(entries: Record<string, string | string[]>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const x of [v].flat()) fd.append(k, x);
  return fd;
}
const parse = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: propertySchema });

const valid = {
  name: "Casa no Centro",
  type: "Casa",
  status: "ready",
  category: "Imóveis Usados",
  location: "Rua A, 1 - Centro",
  price: "450.000,00",
  area: "120",
  bedrooms: "3",
  suites: "",
  bathrooms: "2",
  parking_spaces: "",
  description: "",
  standard: "ALTO PADRÃO",
  advertised_for: "COMPRA",
  featured: "on",
};

describe("propertySchema", () => {
  it("stores the CEP as its 8 digits, blank as null, and refuses other shapes", () => {
    for (const [typed, stored] of [
      ["79600-000", "79600000"],
      ["79602123", "79602123"],
      [" 79645-999 ", "79645999"],
      ["", null],
    ] as const) {
      const s = parse({ ...valid, cep: typed });
      expect(s.status, typed).toBe("success");
      if (s.status === "success") expect(s.value.cep, typed).toBe(stored);
    }
    for (const typed of ["7960-0000", "79600-00", "79.600-000", "796000001", "abcde-fgh"]) {
      const s = parse({ ...valid, cep: typed });
      expect(s.status, typed).toBe("error");
      if (s.status === "error") expect(s.error?.cep, typed).toEqual([MESSAGES.cep]);
    }
    expect(cepInputValue("79600000")).toBe("79600-000");
    expect(cepInputValue(null)).toBe("");
  });

  it("accepts a valid form: centavos, empty counts as 0, checkboxes as booleans", () => {
    const s = parse(valid);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({
      price: 450_000_00,
      area: 120,
      suites: 0,
      parking_spaces: 0,
      featured: true,
      is_exclusive: false,
      description: null,
    });
  });

  it("stores SOB CONSULTA as null and accepts plain digits", () => {
    const a = parse({ ...valid, price: "sob consulta" });
    expect(a.status === "success" && a.value.price).toBeNull();
    const b = parse({ ...valid, price: "450000" });
    expect(b.status === "success" && b.value.price).toBe(450_000_00);
  });

  it("gives the spec's messages, first in the spec's order", () => {
    const s = parse({ ...valid, name: "  ", location: "", price: "", area: "" });
    expect(s.status).toBe("error");
    const errors = s.reply().error!;
    expect(errors.name).toEqual([MESSAGES.name]);
    expect(errors.location).toEqual([MESSAGES.location]);
    expect(errors.price).toEqual([MESSAGES.price]);
    expect(errors.area).toEqual([MESSAGES.area]);
    expect(firstError(errors)).toBe(MESSAGES.name);
  });

  it("refuses an unparseable price, negative numbers and unknown options", () => {
    const s = parse({
      ...valid,
      price: "abc",
      area: "-5",
      bedrooms: "-1",
      category: "Castelos",
      type: "Iate",
      standard: "X",
      advertised_for: "TROCA",
      status: "x",
    });
    const errors = s.reply().error!;
    expect(errors.price).toEqual([MESSAGES.priceInvalid]);
    expect(errors.area).toEqual([MESSAGES.negative]);
    expect(errors.bedrooms).toEqual([MESSAGES.negative]);
    for (const k of ["category", "type", "standard", "advertised_for", "status"])
      expect(errors[k]).toEqual([MESSAGES.option]);
  });

  it("formats centavos back for the form", () => {
    expect(priceInputValue(450_000_00)).toBe("450.000,00");
    expect(priceInputValue(null)).toBe("SOB CONSULTA");
  });
});

describe("planImages", () => {
  const own = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it("keeps the stored order by default", () => {
    expect(planImages(own, form({})).kept.map((i) => i.id)).toEqual([1, 2, 3]);
  });
  it("removes, reorders by position and puts the chosen cover first", () => {
    const plan = planImages(
      own,
      form({ remove_image: ["2", "99"], image_position_1: "3", image_position_3: "1", cover_image: "1" }),
    );
    expect(plan.removed.map((i) => i.id)).toEqual([2]);
    expect(plan.kept.map((i) => i.id)).toEqual([1, 3]);
    expect(planImages(own, form({ image_position_1: "3", image_position_3: "1" })).kept.map((i) => i.id)).toEqual([
      3, 2, 1,
    ]);
  });
  it("ignores ids of other properties", () => {
    const plan = planImages(own, form({ remove_image: "42", cover_image: "42", image_position_42: "1" }));
    expect(plan.removed).toEqual([]);
    expect(plan.kept.map((i) => i.id)).toEqual([1, 2, 3]);
  });
});

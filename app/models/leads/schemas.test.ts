import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { idealRequestSchema } from "./ideal-request.schema";
import { ownerRequestSchema } from "./owner-request.schema";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

const ideal = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: idealRequestSchema });
const listing = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: ownerRequestSchema });

const validIdeal = {
  name: "Maria Silva",
  email: "maria@example.com",
  phone: "",
  idealProperty: "Casa com 3 quartos no Centro",
  website: "",
};

const validListing = {
  nome: "João Souza",
  email: "joao@example.com",
  telefone: "(67) 99999-0000",
  tipoImovel: "casa",
  preco: "350.000,00",
  endereco: "Rua A, 123, Centro",
  area: "",
  quartos: "3",
  suites: "",
  banheiros: "2",
  vagas: "",
  descricao: "",
  website: "",
};

function errorsOf(result: ReturnType<typeof ideal> | ReturnType<typeof listing>) {
  expect(result.status).toBe("error");
  return (result.reply().error ?? {}) as Record<string, string[] | null>;
}

describe("idealRequestSchema", () => {
  it("accepts a valid submission with typed values", () => {
    const result = ideal(validIdeal);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      name: "Maria Silva",
      email: "maria@example.com",
      idealProperty: "Casa com 3 quartos no Centro",
      phone: undefined,
      website: undefined,
      privacyNotice: false,
    });
  });

  it("reads the privacy notice's hidden field: true only for the value the form posts", () => {
    for (const [value, shown] of [
      ["1", true],
      ["0", false],
      ["sim", false],
    ] as const) {
      const result = ideal({ ...validIdeal, privacyNotice: value });
      expect(result.status).toBe("success");
      if (result.status === "success") expect(result.value.privacyNotice, value).toBe(shown);
    }
  });

  it("keeps a valid phone", () => {
    const result = ideal({ ...validIdeal, phone: "(67) 3521-0000" });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.phone).toBe("(67) 3521-0000");
  });

  it("rejects a bad phone", () => {
    const errors = errorsOf(ideal({ ...validIdeal, phone: "123" }));
    expect(Object.keys(errors)).toEqual(["phone"]);
  });

  it("reports exactly the missing required fields", () => {
    const errors = errorsOf(ideal({ name: "", email: "", phone: "", idealProperty: "" }));
    expect(Object.keys(errors).sort()).toEqual(["email", "idealProperty", "name"]);
    expect(errors.name).toEqual(["Campo obrigatório."]);
    expect(errors.email).toEqual(["Campo obrigatório."]);
    expect(errors.idealProperty).toEqual(["Campo obrigatório."]);
  });

  it("treats whitespace-only text as missing", () => {
    const errors = errorsOf(ideal({ ...validIdeal, name: "   ", idealProperty: "\n\t " }));
    expect(errors).toEqual({ name: ["Campo obrigatório."], idealProperty: ["Campo obrigatório."] });
  });

  it("reports only the one missing field", () => {
    const errors = errorsOf(ideal({ ...validIdeal, idealProperty: "" }));
    expect(errors).toEqual({ idealProperty: ["Campo obrigatório."] });
  });

  it("rejects a bad email", () => {
    const errors = errorsOf(ideal({ ...validIdeal, email: "maria@" }));
    expect(errors).toEqual({ email: ["Informe um email válido."] });
  });

  it("rejects a 10,000-character idealProperty", () => {
    const errors = errorsOf(ideal({ ...validIdeal, idealProperty: "a".repeat(10_000) }));
    expect(errors).toEqual({ idealProperty: ["Use no máximo 5000 caracteres."] });
  });

  it("accepts exactly 5000 characters", () => {
    expect(ideal({ ...validIdeal, idealProperty: "a".repeat(5000) }).status).toBe("success");
  });

  it("keeps HTML in the name verbatim as plain text", () => {
    const html = "<script>alert(1)</script>";
    const result = ideal({ ...validIdeal, name: html });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.name).toBe(html);
  });
});

describe("ownerRequestSchema", () => {
  it("accepts a valid submission with typed values", () => {
    const result = listing(validListing);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      nome: "João Souza",
      email: "joao@example.com",
      telefone: "(67) 99999-0000",
      tipoImovel: "casa",
      preco: 35000000,
      endereco: "Rua A, 123, Centro",
      quartos: 3,
      banheiros: 2,
      area: undefined,
      suites: undefined,
      vagas: undefined,
      descricao: undefined,
      website: undefined,
      privacyNotice: false,
    });
    const noticed = listing({ ...validListing, privacyNotice: "1" });
    expect(noticed.status === "success" && noticed.value.privacyNotice).toBe(true);
  });

  it("reports exactly the missing required fields", () => {
    const errors = errorsOf(listing({ ...validListing, nome: "", email: "", telefone: "", preco: "", endereco: "" }));
    expect(Object.keys(errors).sort()).toEqual(["email", "endereco", "nome", "preco", "telefone"]);
    for (const field of ["email", "endereco", "nome", "preco", "telefone"]) {
      expect(errors[field]).toEqual(["Campo obrigatório."]);
    }
  });

  it("requires a tipoImovel", () => {
    const errors = errorsOf(listing({ ...validListing, tipoImovel: "" }));
    expect(Object.keys(errors)).toEqual(["tipoImovel"]);
  });

  it("refuses an unknown tipoImovel", () => {
    const errors = errorsOf(listing({ ...validListing, tipoImovel: "castelo" }));
    expect(errors).toEqual({ tipoImovel: ["Escolha o tipo do imóvel."] });
  });

  it("rejects a bad email", () => {
    const errors = errorsOf(listing({ ...validListing, email: "not-an-email" }));
    expect(errors).toEqual({ email: ["Informe um email válido."] });
  });

  it("refuses SOB CONSULTA as preco", () => {
    const errors = errorsOf(listing({ ...validListing, preco: "SOB CONSULTA" }));
    expect(errors).toEqual({ preco: ["Informe um preço válido, por exemplo 350.000,00."] });
  });

  it.each(["abc", "0", "0,00", "4.50.000"])("refuses preco %j", (preco) => {
    const errors = errorsOf(listing({ ...validListing, preco }));
    expect(Object.keys(errors)).toEqual(["preco"]);
  });

  it("accepts preco with R$ and a decimal point", () => {
    const a = listing({ ...validListing, preco: "R$ 1.250,5" });
    const b = listing({ ...validListing, preco: "450000.00" });
    expect(a.status === "success" && a.value.preco).toBe(125050);
    expect(b.status === "success" && b.value.preco).toBe(45000000);
  });

  it("rejects a negative area", () => {
    const errors = errorsOf(listing({ ...validListing, area: "-5" }));
    expect(errors).toEqual({ area: ["O valor não pode ser negativo."] });
  });

  it("rejects non-integer and non-numeric counts", () => {
    const errors = errorsOf(listing({ ...validListing, quartos: "2.5", vagas: "muitas" }));
    expect(Object.keys(errors).sort()).toEqual(["quartos", "vagas"]);
    expect(errors.quartos).toEqual(["Informe um número inteiro."]);
  });

  it("rejects counts over the maximum", () => {
    const errors = errorsOf(listing({ ...validListing, suites: "101" }));
    expect(errors).toEqual({ suites: ["O valor máximo é 100."] });
  });

  it("rejects a 10,000-character descricao", () => {
    const errors = errorsOf(listing({ ...validListing, descricao: "x".repeat(10_000) }));
    expect(errors).toEqual({ descricao: ["Use no máximo 5000 caracteres."] });
  });

  it("requires a valid telefone", () => {
    const errors = errorsOf(listing({ ...validListing, telefone: "99999" }));
    expect(errors).toEqual({ telefone: ["Informe um telefone com DDD, por exemplo (67) 99999-0000."] });
  });

  it("keeps HTML in nome verbatim as plain text", () => {
    const html = "<script>alert(1)</script>";
    const result = listing({ ...validListing, nome: html });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.nome).toBe(html);
  });
});

describe("line breaks", () => {
  it("stores CRLF from a browser post as LF", () => {
    const fd = new FormData();
    fd.set("name", "Ana");
    fd.set("email", "ana@example.com");
    fd.set("idealProperty", "linha 1\r\nlinha 2\rlinha 3");
    const s = parseWithZod(fd, { schema: idealRequestSchema });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value.idealProperty).toBe("linha 1\nlinha 2\nlinha 3");
  });
});

import { describe, expect, it } from "vitest";
import { nameWithExtension } from "./file-names";

const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

describe("nameWithExtension", () => {
  it("keeps a name whose extension matches the content, in any case", () => {
    expect(nameWithExtension("Contrato Ação.PDF", PDF)).toBe("Contrato Ação.PDF");
    expect(nameWithExtension("foto.jpeg", "image/jpeg")).toBe("foto.jpeg");
    expect(nameWithExtension("foto.jpg", "image/jpeg")).toBe("foto.jpg");
  });

  it("drops a last extension that is not the content's", () => {
    expect(nameWithExtension("boleto.pdf.exe", PDF)).toBe("boleto.pdf");
    expect(nameWithExtension("boleto.html", PDF)).toBe("boleto.pdf");
    expect(nameWithExtension("contrato.docx.js", DOCX)).toBe("contrato.docx");
    expect(nameWithExtension("contrato.doc", DOCX)).toBe("contrato.docx");
  });

  it("adds the content's extension to a name without one", () => {
    expect(nameWithExtension("boleto", PDF)).toBe("boleto.pdf");
    expect(nameWithExtension("Contrato Sr. Silva", PDF)).toBe("Contrato Sr. Silva.pdf");
  });

  it("leaves a name of a type it does not know as it is", () => {
    expect(nameWithExtension("dados.bin", "application/octet-stream")).toBe("dados.bin");
  });
});

import { describe, expect, it } from "vitest";
import { ownerStatementEmail } from "./owner-statement-email.server";

// The owner's copy of a statement (decision 0040), with the owner's area
// (decision 0077): where the money went, and the page that explains it.
describe("the owner statement email", () => {
  const s = { id: 7, month: "2026-10", net_cents: 105_000, transferred_on: "2026-11-05", owner_name: "Helena" };

  it("says where the money went and links the statement's page for an owner with a login", () => {
    const mail = ownerStatementEmail(
      { ...s, destination: "Pix helena@exemplo.com", area_url: "https://imob.example/area-do-proprietario/extratos/7" },
      "Lagoa Imóveis",
    );
    expect(mail.text).toContain("Valor repassado: R$ 1.050,00, em 05/11/2026, para Pix helena@exemplo.com.");
    expect(mail.text).toContain(
      "Cada valor explicado, na Área do Proprietário: https://imob.example/area-do-proprietario/extratos/7",
    );
    expect(mail.html).toContain("<p>Cada valor explicado, na Área do Proprietário:");
  });

  it("has no link for an owner without a login, nor a destination when none was frozen", () => {
    const mail = ownerStatementEmail(s, "Lagoa Imóveis");
    expect(mail.text).toContain("Valor repassado: R$ 1.050,00, em 05/11/2026.");
    expect(mail.text).not.toContain("Área do Proprietário");
  });
});

import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { stampPdf } from "./pdf-stamp.server";

// A cancelled receipt, as staff download it: every page says so, with when
// and why; the reason's characters outside the PDF's standard fonts do not
// break it.

async function twoPages() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Recibo de Aluguel", { x: 50, y: 700, size: 14 });
  pdf.addPage([595, 842]);
  return pdf.save();
}

describe("stampPdf", () => {
  it("writes CANCELADO and the reason on every page, keeping what was there", async () => {
    const stamped = await stampPdf(await twoPages(), [
      "CANCELADO",
      "Recibo nº 52 cancelado em 29/11/2026 10:15.",
      "Motivo: devolução do Pix 🙁 pelo banco",
    ]);
    const doc = await openPdf(stamped);
    expect(doc.numPages).toBe(2);
    const first = await pageText(doc, 1);
    expect(first).toContain("Recibo de Aluguel");
    expect(first).toContain("CANCELADO");
    expect(first).toContain("Recibo nº 52 cancelado em 29/11/2026 10:15.");
    // An emoticon the font lacks is no letter: dropped, the words kept apart.
    expect(first).toContain("Motivo: devolução do Pix pelo banco");
    expect(await pageText(doc, 2)).toContain("CANCELADO");
  });
});

import { degrees, PDFDocument, rgb } from "pdf-lib";
import { drawable, embedFonts, needsUnicode } from "#app/utils/pdf-fonts.server";

// A cancelled receipt (docs/decisions/0061-rent-ledger.md, "Receipts cancelled"):
// its number stays used and its file stays as issued, but whoever opens it
// reads, across every page, that it is cancelled, when and why. Stamped when
// the file is served (staff only: a tenant no longer reaches a cancelled
// receipt), so the stored file is never rewritten.

export async function stampPdf(bytes: Uint8Array, lines: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  const { bold, regular } = await embedFonts(pdf, needsUnicode(lines));
  const clean = drawable(regular);
  const red = rgb(0.72, 0.07, 0.07);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const [title = "", ...rest] = lines.map(clean);
    const size = Math.min(64, (width * 0.8) / Math.max(1, bold.widthOfTextAtSize(title, 1)));
    page.drawText(title, {
      x: width / 2 - (bold.widthOfTextAtSize(title, size) * Math.SQRT1_2) / 2,
      y: height / 2 - (bold.widthOfTextAtSize(title, size) * Math.SQRT1_2) / 2,
      size,
      font: bold,
      color: red,
      opacity: 0.35,
      rotate: degrees(45),
    });
    // The reason, legible, in a band at the top of the page.
    rest.forEach((line, i) => {
      const text = line.length > 110 ? `${line.slice(0, 107)}...` : line;
      page.drawText(text, { x: 36, y: height - 24 - i * 13, size: 10, font: regular, color: red });
    });
    page.drawText(title, { x: 36, y: height - 24 - rest.length * 13, size: 11, font: bold, color: red });
  }
  return pdf.save();
}

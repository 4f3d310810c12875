import sharp from "sharp";

// Files for the demo's rental side, made on the spot (no binaries in the
// repository): a readable one-page PDF and photos for maintenance requests.

// A one-page A4 PDF with one line of Helvetica per entry. WinAnsi encoding
// so that "Locação" and "Três Lagoas" come out right in any viewer; the xref
// offsets are computed so viewers open it without repairing it.
export function demoPdf(title: string, lines: readonly string[]) {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    "BT /F2 16 Tf 56 780 Td",
    `(${escape(title)}) Tj`,
    "/F1 11 Tf 0 -30 Td 15 TL",
    ...lines.map((line) => `(${escape(line)}) '`),
    "ET",
  ].join("\n");
  const stream = Buffer.from(text, "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream.toString("latin1")}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

// A "photo" for a maintenance request: a tinted gradient with a caption,
// as a JPEG, the way a phone would send it.
export async function demoPhoto(caption: string, hue: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#1f2937"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <text x="40" y="560" font-family="sans-serif" font-size="36" fill="#ffffff">${caption}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

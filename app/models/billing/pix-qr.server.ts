import QRCode from "qrcode";

// The QR code of a Pix payload as an SVG string, drawn on the server so that
// the page needs no JavaScript (docs/decisions/0032-pix-br-code.md). `qrcode`
// computes the modules; the few lines below draw them: one path of
// horizontal runs, on a white square with the 4-module quiet zone that
// ISO/IEC 18004 asks for, so that a phone reads it on a dark page too. Error
// correction M (15%) keeps a ~150-character payload small enough to scan from
// a screen or a printed page.
//
// No width or height: the viewBox scales to whatever box the page gives it.
const QUIET = 4;
const LABEL = "QR Code Pix";

// The same payload (a billing, its amount that day) is drawn once per
// process: the tenant's tab reloads it, and the amount changes at most daily.
const drawn = new Map<string, string>();
const DRAWN_MAX = 1000;

export async function pixQrSvg(payload: string): Promise<string> {
  const cached = drawn.get(payload);
  if (cached) return cached;
  const svg = drawSvg(payload);
  if (drawn.size >= DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  drawn.set(payload, svg);
  return svg;
}

function drawSvg(payload: string): string {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const size = n + 2 * QUIET;
  let d = "";
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      d += `M${start + QUIET} ${row + QUIET}h${col - start}v1h-${col - start}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${LABEL}" shape-rendering="crispEdges">` +
    `<title>${LABEL}</title><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}

import QRCode from "qrcode";

// The Pix QR Code drawn on the server as inline SVG (docs/decisions/0032-pix-br-code.md):
// no JavaScript and no image request on the tenant's slow phone; it scales
// with its box (viewBox, no fixed size). Error correction M, as payer apps
// read on screens; a quiet zone of 2 modules inside the white card.
export async function pixQrSvg(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return svg
    .replace(/<\?xml[^>]*>\s*/, "")
    .replace("<svg ", '<svg role="img" aria-label="QR Code Pix" ')
    .replace(/ width="\d+"| height="\d+"/g, "");
}

import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import anyAscii from "any-ascii";
import { StandardFonts, type PDFDocument, type PDFFont } from "pdf-lib";

// The fonts a PDF the app draws uses (issue 38, docs/decisions/0078-pdf-fonts.md).
// Helvetica, not embedded, when every character of the document is in its
// WinAnsi set (Portuguese is): a receipt stays 2 KB and 4 ms. Otherwise
// DejaVu Sans (npm dejavu-fonts-ttf 2.37.3; the Bitstream Vera licence, free
// to embed and redistribute), whose Latin, Greek and Cyrillic cover every
// name an agency meets (Vietnamese, Polish, combining marks), subsetted so a
// document carries only the glyphs it draws. A character neither has is
// written in its closest Latin form (any-ascii), never "?".

export type PdfFonts = { regular: PDFFont; bold: PDFFont };

// Helvetica's characters (WinAnsi), as code points.
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ...[0x20ac, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x17d],
  ...[0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x17e, 0x178],
]);

// Whether any text in `content` (strings found anywhere in it; bytes are
// skipped) has a character Helvetica cannot draw. Control characters and odd
// spaces do not count: they are drawn as spaces.
export function needsUnicode(content: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (value: unknown): boolean => {
    if (typeof value === "string") {
      for (const ch of value.normalize("NFC")) {
        const cp = ch.codePointAt(0)!;
        if (!WIN_ANSI.has(cp) && !(cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || /\s/.test(ch))) return true;
      }
      return false;
    }
    if (!value || typeof value !== "object" || ArrayBuffer.isView(value) || seen.has(value)) return false;
    seen.add(value);
    return Object.values(value).some(walk);
  };
  return walk(content);
}

const require = createRequire(import.meta.url);
const read = (file: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
let bytes: { regular: Buffer; bold: Buffer } | null = null;

// Each font parsed once per process, not once per document: pdf-lib parses
// the bytes it is given on every embed (45 ms a document; 4 ms with the parse
// kept). A parsed font is only read; each document makes its own subset.
const parsed = new WeakMap<object, ReturnType<typeof fontkit.create>>();
const keptFontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    let font = parsed.get(data);
    if (!font) parsed.set(data, (font = fontkit.create(data as Buffer, postscriptName)));
    return font;
  },
};

// The two weights for a document: DejaVu when `unicode`, else Helvetica.
export async function embedFonts(doc: PDFDocument, unicode: boolean): Promise<PdfFonts> {
  if (!unicode) {
    return {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    };
  }
  bytes ??= { regular: read("DejaVuSans.ttf"), bold: read("DejaVuSans-Bold.ttf") };
  doc.registerFontkit(keptFontkit as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
  return {
    regular: measured(await doc.embedFont(bytes.regular, { subset: true }), "regular"),
    bold: measured(await doc.embedFont(bytes.bold, { subset: true }), "bold"),
  };
}

// Widths from each character's advance, kept per process: pdf-lib shapes the
// whole string on every call (~0.2 ms), and wrapping a paragraph asks
// hundreds of times. The sum of advances is what pdf-lib itself adds up.
const advances = { regular: new Map<string, number>(), bold: new Map<string, number>() };
function measured(font: PDFFont, weight: keyof typeof advances) {
  const shaped = font.widthOfTextAtSize.bind(font);
  const known = advances[weight];
  font.widthOfTextAtSize = (text: string, size: number) => {
    let width = 0;
    for (const ch of text) {
      let w = known.get(ch);
      if (w === undefined) known.set(ch, (w = shaped(ch, 1)));
      width += w;
    }
    return width * size;
  };
  return font;
}

// What the font can draw of `text`: composed first (a letter and its combining
// mark become one glyph when the font has it), control characters and odd
// spaces as spaces, then a missing character as its letter without the mark,
// else its closest Latin form ("北" "bei", "ł" "l"), else nothing; a
// pictograph (an emoji in a name) is no letter: dropped.
export function drawable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  const has = (s: string) => [...s].every((c) => known.has(c.codePointAt(0)!));
  return (text: string) => {
    let out = "";
    for (const ch of text.normalize("NFC")) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (/\s/.test(ch) && ch !== " ")) out += " ";
      else if (known.has(cp)) out += ch;
      else {
        const bare = ch.normalize("NFD").replace(/\p{M}/gu, "");
        if (bare && has(bare)) out += bare;
        else if (/\p{Extended_Pictographic}/u.test(ch)) continue;
        else {
          const latin = anyAscii(ch);
          out += has(latin) ? latin : "";
        }
      }
    }
    // A character dropped between two spaces leaves one.
    return out.replace(/ {2,}/g, " ");
  };
}

import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "#app/db/schema";
import { formatDay } from "#app/models/clients/status";
import { privateFilePath } from "#app/models/files/private-store.server";
import { formatBRL } from "#app/models/shared/money";
import {
  CONTENT_W,
  documentLabel,
  INK,
  MARGIN,
  MUTED,
  PAGE_W,
  PdfSheet,
  RULE,
  type PdfAgency,
  type Run,
} from "#app/utils/pdf-sheet.server";
import { compareWithEntry } from "./comparison.server";
import { conditionLabel } from "./labels";

// "Comparativo de Vistorias nº N" (issue 38, docs/decisions/0044-inspections.md):
// "Comparar com a entrada" as a document a dispute can rest on, the one the
// exit's settlement takes its repairs from. Each worsened item with both
// states, both notes and both sets of photos side by side, its repair cost,
// then a summary with the total. Drawn on demand and never registered: the
// costs may still change until the settlement, so a code that vouches for
// these bytes would vouch for figures that can be revised.

type DB = Kysely<Database>;

export type Comparison = NonNullable<Awaited<ReturnType<typeof compareWithEntry>>>;
type Difference = Comparison["rooms"][number]["differences"][number];

export type ComparisonPdfData = {
  compared: Comparison;
  // The tenant's CPF/CNPJ as stored (getInspection does not carry it).
  tenantDocument: string | null;
  // Photo id → private file key, for the thumbnails of both inspections.
  photoKeys: Map<number, string>;
};

// What the PDF draws for an exit inspection, or null when `exitId` is not one.
export async function loadComparisonPdf(db: DB, exitId: number): Promise<ComparisonPdfData | null> {
  const compared = await compareWithEntry(db, exitId);
  if (!compared) return null;
  const client = await db
    .selectFrom("clients")
    .select("cpf_cnpj")
    .where("id", "=", compared.exit.client_id)
    .executeTakeFirst();
  const photoIds = compared.rooms.flatMap((r) =>
    r.differences.flatMap((d) => [...d.entry.photos, ...d.exit.photos].map((p) => p.id)),
  );
  const photos = photoIds.length
    ? await db.selectFrom("inspection_photos").select(["id", "file_key"]).where("id", "in", photoIds).execute()
    : [];
  return {
    compared,
    tenantDocument: client?.cpf_cnpj ?? null,
    photoKeys: new Map(photos.map((p) => [p.id, p.file_key])),
  };
}

// The report's thumbnails (report-pdf.server.ts): the stored WebP made a small JPEG.
const THUMB_W = 92;
const THUMB_H = 69;
const THUMB_GAP = 8;
// Entry on the left, exit on the right.
const COL_GAP = 16;
const COL_W = (CONTENT_W - COL_GAP) / 2;
const RIGHT_X = MARGIN + COL_W + COL_GAP;
const PER_SIDE = Math.floor((COL_W + THUMB_GAP) / (THUMB_W + THUMB_GAP));
// The summary's first column (5 of 11 of the content), less its padding.
const LABEL_W = (CONTENT_W * 5) / 11 - 16;

// Null when the file cannot be read: drawn on demand, the document still
// comes out, with a marked gap where the photo was.
async function thumbnail(fileKey: string) {
  try {
    const input = await fs.readFile(privateFilePath(fileKey));
    return await sharp(input)
      .resize({ width: THUMB_W * 3, height: THUMB_H * 3, fit: "cover" })
      .jpeg({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}

const costText = (c: number | null) => (c === null ? "sem custo" : formatBRL(c));

export async function renderComparisonPdf(
  d: ComparisonPdfData,
  agency: PdfAgency,
  issuedOn: string,
): Promise<Uint8Array> {
  const { exit, entry, rooms, totalCents } = d.compared;
  const title = `Comparativo de Vistorias nº ${exit.id}`;
  const sheet = await PdfSheet.create(
    {
      title,
      subject: `Comparativo das vistorias de entrada e de saída: ${exit.client_name}`,
      author: agency.legalName,
      creator: agency.name,
    },
    { compared: d.compared, tenantDocument: d.tenantDocument, agency },
  );
  sheet.agencyHeader(agency);
  sheet.titleWithAmount(title, "TOTAL DOS REPAROS", formatBRL(totalCents));

  const tenantDoc = documentLabel(d.tenantDocument);
  const tenant: Run[] = [{ text: "Locatário:" }, { text: exit.client_name, bold: true }];
  if (tenantDoc) tenant.push({ text: `(${tenantDoc})` });
  // A draft exit can be compared too; the document says so.
  const exitText = `nº ${exit.id}, de ${formatDay(exit.date)}${exit.finalized_at ? "" : " (não finalizada)"}`;
  const facts: Run[][] = [
    tenant,
    [{ text: "Imóvel:" }, { text: exit.property_address ?? "não informado", bold: true }],
    [
      { text: "Vistoria de entrada:" },
      { text: entry ? `nº ${entry.id}, de ${formatDay(entry.date)}` : "nenhuma finalizada", bold: true },
    ],
    [{ text: "Vistoria de saída:" }, { text: exitText, bold: true }],
  ];
  for (const runs of facts) sheet.paragraph(runs, 10.5, 16);
  sheet.y -= 6;
  sheet.paragraph(
    [
      {
        text: `Cada item em estado pior na saída do que na entrada, com as observações e as fotos das duas vistorias e o custo do reparo. Custos de ${formatDay(issuedOn)}: podem ser revistos até o acerto de saída.`,
      },
    ],
    9.5,
    14,
    MARGIN,
    CONTENT_W,
    MUTED,
  );
  sheet.y -= 14;

  if (!entry) {
    sheet.paragraph([{ text: "Este contrato não tem vistoria de entrada finalizada para comparar." }], 10.5, 16);
  } else if (rooms.length === 0) {
    sheet.paragraph([{ text: "Nenhum item piorou desde a entrada." }], 10.5, 16);
  }

  for (const room of rooms) {
    sheet.room(110);
    sheet.paragraph([{ text: room.name, bold: true }], 14, 20);
    sheet.y -= 2;
    sheet.hline(MARGIN, PAGE_W - MARGIN, sheet.y, 1);
    sheet.y -= 8;
    for (const diff of room.differences) await drawDifference(sheet, diff, d.photoKeys);
    sheet.y -= 6;
  }

  if (rooms.length > 0) {
    // The heading with at least the table's header and first row.
    sheet.room(70);
    sheet.paragraph([{ text: "Resumo dos reparos", bold: true }], 14, 20);
    sheet.y -= 4;
    sheet.table(
      [
        { title: "Cômodo e item", weight: 5 },
        { title: "Entrada", weight: 2 },
        { title: "Saída", weight: 2 },
        { title: "Custo", weight: 2, right: true },
      ],
      [
        // The table does not wrap: a long name goes on as many rows as it needs.
        ...rooms.flatMap((room) =>
          room.differences.flatMap((diff) =>
            sheet.wrap(`${room.name} — ${diff.exit.name}`, 10, LABEL_W).map((part, i) => ({
              cells:
                i === 0
                  ? [
                      part,
                      conditionLabel(diff.entry.condition),
                      conditionLabel(diff.exit.condition),
                      costText(diff.exit.repair_cost_cents),
                    ]
                  : [part, "", "", ""],
            })),
          ),
        ),
        { cells: ["Total dos reparos", "", "", formatBRL(totalCents)], bold: true },
      ],
    );
  }
  return sheet.finish(title, issuedOn, true);
}

// One worsened item: its name and repair cost, then the entry and the exit
// side by side (state, note, photos), line by line so that a page can break
// anywhere in it.
async function drawDifference(sheet: PdfSheet, diff: Difference, photoKeys: Map<number, string>) {
  sheet.room(90);
  const cost = costText(diff.exit.repair_cost_cents);
  const costLabel = `Reparo: ${cost}`;
  const nameW = CONTENT_W - sheet.widthOf(costLabel, 11, true) - 16;
  const top = sheet.y;
  const nameLines = sheet.wrap(diff.exit.name, 11, nameW, true);
  nameLines.forEach((line, i) => sheet.text(line, MARGIN, top - 12 - i * 15, 11, { bold: true }));
  const noCost = diff.exit.repair_cost_cents === null;
  sheet.textRight(costLabel, PAGE_W - MARGIN, top - 12, 11, { bold: !noCost, color: noCost ? MUTED : INK });
  sheet.y -= nameLines.length * 15 + 6;

  const sides = [
    { x: MARGIN, caption: "ENTRADA", item: diff.entry },
    { x: RIGHT_X, caption: "SAÍDA", item: diff.exit },
  ];
  for (const s of sides) sheet.text(s.caption, s.x, sheet.y - 8, 7.5, { bold: true, color: MUTED });
  sheet.y -= 12;
  for (const s of sides) sheet.text(conditionLabel(s.item.condition), s.x, sheet.y - 11, 11, { bold: true });
  sheet.y -= 17;
  const notes = sides.map((s) => (s.item.note ? sheet.wrap(s.item.note, 9.5, COL_W) : ["Sem observação."]));
  const noteRows = Math.max(...notes.map((n) => n.length));
  for (let i = 0; i < noteRows; i++) {
    sheet.room(13);
    notes.forEach((lines, j) => {
      if (lines[i]) sheet.text(lines[i], sides[j].x, sheet.y - 9.5, 9.5, { color: MUTED });
    });
    sheet.y -= 13;
  }

  const photos = sides.map((s) =>
    s.item.photos.flatMap((p) => {
      const key = photoKeys.get(p.id);
      return key ? [{ key, taken_at: p.taken_at }] : [];
    }),
  );
  const photoRows = Math.max(...photos.map((list) => Math.ceil(list.length / PER_SIDE)));
  if (photoRows > 0) sheet.y -= 4;
  for (let r = 0; r < photoRows; r++) {
    sheet.room(THUMB_H + 22);
    for (const [j, list] of photos.entries()) {
      for (const [k, p] of list.slice(r * PER_SIDE, (r + 1) * PER_SIDE).entries()) {
        const x = sides[j].x + k * (THUMB_W + THUMB_GAP);
        const jpeg = await thumbnail(p.key);
        if (jpeg) await sheet.jpeg(jpeg, x, sheet.y, THUMB_W, THUMB_H);
        else {
          sheet.page.drawRectangle({
            x,
            y: sheet.y - THUMB_H,
            width: THUMB_W,
            height: THUMB_H,
            borderColor: RULE,
            borderWidth: 0.75,
          });
          sheet.text("Foto indisponível", x + 8, sheet.y - THUMB_H / 2 - 3, 7.5, { color: MUTED });
        }
        if (p.taken_at) sheet.text(formatDay(p.taken_at.slice(0, 10)), x, sheet.y - THUMB_H - 9, 7, { color: MUTED });
      }
    }
    sheet.y -= THUMB_H + 16;
  }
  sheet.y -= 6;
  sheet.hline(MARGIN, PAGE_W - MARGIN, sheet.y, 0.5, RULE);
  sheet.y -= 10;
}

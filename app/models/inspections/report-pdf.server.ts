import type { Verification } from "#app/models/documents/registry.server";
import fs from "node:fs/promises";
import sharp from "sharp";
import { formatDay } from "#app/models/clients/status";
import { privateFilePath } from "#app/models/files/private-store.server";
import { rgb } from "pdf-lib";
import {
  creciLabel,
  CONTENT_W,
  documentLabel,
  MARGIN,
  MUTED,
  PAGE_W,
  PdfSheet,
  type PdfAgency,
} from "#app/utils/pdf-sheet.server";
import type { InspectionDetail } from "./inspections.server";
import { conditionLabel, kindLabel, METERS } from "./labels";

// "Relatório de Vistoria nº N" (docs/decisions/0044-inspections.md): every
// room, item, condition, note and photo thumbnail, the dates, the keys and
// the meters (each meter's photo beside the readings), with a page count, on
// the receipt's sheet. Thumbnails are the
// stored WebP photos made small JPEGs (what pdf-lib embeds).

const ALERT = rgb(0.7, 0.1, 0.1);
const THUMB_W = 92;
const THUMB_H = 69;
const THUMB_GAP = 8;
const PER_ROW = Math.floor((CONTENT_W + THUMB_GAP) / (THUMB_W + THUMB_GAP));

async function thumbnail(fileKey: string) {
  const input = await fs.readFile(privateFilePath(fileKey));
  return sharp(input)
    .resize({ width: THUMB_W * 3, height: THUMB_H * 3, fit: "cover" })
    .jpeg({ quality: 70 })
    .toBuffer();
}

// Who the report names beside the inspection's own fields (issue 38): the
// tenant's and the owners' documents, the inspector's full name.
export type ReportPeople = {
  tenantDocument: string | null;
  owners: { name: string; cpf_cnpj: string | null }[];
  inspectorFullName: string | null;
};

// "Nome, CPF 123.456.789-09" (the name alone when no document is recorded).
const named = (name: string, doc: string | null) => [name, documentLabel(doc)].filter(Boolean).join(", ");

// A photo taken more than this many days from the inspection's date is marked:
// a camera date a week off is evidence the photo is not of this inspection.
const PHOTO_DAYS = 2;

// "24/11/2026 10:31" from the camera's "2026-11-24 10:31" (its own clock, as taken).
const takenLabel = (takenAt: string) => `${formatDay(takenAt.slice(0, 10))} ${takenAt.slice(11, 16)}`.trim();

// Days between two "yyyy-mm-dd", either way.
const daysApart = (a: string, b: string) => Math.round(Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000);

export async function renderInspectionReport(
  inspection: InspectionDetail,
  photoKeys: Map<number, string>,
  meterKeys: Map<number, string>,
  agency: PdfAgency,
  issuedOn: string,
  verification: Verification | null = null,
  people: ReportPeople = { tenantDocument: null, owners: [], inspectorFullName: null },
): Promise<Uint8Array> {
  const title = `Relatório de Vistoria nº ${inspection.id}`;
  const sheet = await PdfSheet.create(
    {
      title,
      subject: `${kindLabel(inspection.kind)}: ${inspection.client_name}`,
      author: agency.legalName,
      creator: agency.name,
      verification,
    },
    { inspection, agency },
  );
  sheet.agencyHeader(agency);
  sheet.titleWithAmount(title, kindLabel(inspection.kind).toUpperCase(), formatDay(inspection.date));
  const facts: [string, string][] = [
    ["Locatário", named(inspection.client_name, people.tenantDocument)],
    ...(people.owners.length
      ? [["Locador(es)", people.owners.map((o) => named(o.name, o.cpf_cnpj)).join("; ")] as [string, string]]
      : []),
    ["Imóvel", inspection.property_address ?? "não informado"],
    [
      "Vistoriador",
      `${people.inspectorFullName || inspection.inspector_name}, pela ${agency.legalName} (${creciLabel(agency)})`,
    ],
    ["Chaves entregues", inspection.keys_count === null ? "não informado" : String(inspection.keys_count)],
    ["Medidor de água", inspection.water_reading ?? "não informado"],
    ["Medidor de energia", inspection.power_reading ?? "não informado"],
    ["Finalizada em", inspection.finalized_at ? formatDay(issuedOn) : "—"],
  ];
  // The meters' photos at the right of their readings, each with its meter
  // and day; the readings wrap short of them.
  const meters = METERS.flatMap((m) => {
    const photo = inspection.meterPhotos.find((p) => p.meter === m.value);
    const key = photo && meterKeys.get(photo.id);
    return photo && key ? [{ label: m.label, key, taken_at: photo.taken_at }] : [];
  });
  const beside = CONTENT_W - meters.length * (THUMB_W + THUMB_GAP);
  let metersTop = sheet.y;
  for (const [k, v] of facts) {
    if (k === "Medidor de água") metersTop = sheet.y;
    const width = k.startsWith("Medidor") ? beside : CONTENT_W;
    sheet.paragraph([{ text: `${k}:` }, { text: v, bold: true }], 10.5, 16, MARGIN, width);
  }
  for (const [j, m] of meters.entries()) {
    const x = PAGE_W - MARGIN - (meters.length - j) * THUMB_W - (meters.length - 1 - j) * THUMB_GAP;
    await sheet.jpeg(await thumbnail(m.key), x, metersTop, THUMB_W, THUMB_H);
    const day = m.taken_at ? ` · ${takenLabel(m.taken_at)}` : "";
    sheet.text(`${m.label}${day}`, x, metersTop - THUMB_H - 9, 6.5, { color: MUTED });
  }
  if (meters.length) sheet.y = Math.min(sheet.y, metersTop - THUMB_H - 14);
  sheet.y -= 10;

  for (const room of inspection.rooms) {
    sheet.room(60);
    sheet.paragraph([{ text: room.name, bold: true }], 14, 20);
    sheet.y -= 2;
    sheet.hline(MARGIN, PAGE_W - MARGIN, sheet.y, 1);
    sheet.y -= 6;
    for (const item of room.items) {
      sheet.room(34);
      const top = sheet.y;
      sheet.text(item.name, MARGIN, top - 12, 11, { bold: true });
      sheet.textRight(conditionLabel(item.condition), PAGE_W - MARGIN, top - 12, 11, { bold: true });
      sheet.y -= 18;
      if (item.note) sheet.paragraph([{ text: item.note }], 10, 14, MARGIN, CONTENT_W, MUTED);
      for (let i = 0; i < item.photos.length; i += PER_ROW) {
        sheet.room(THUMB_H + 22);
        const row = item.photos.slice(i, i + PER_ROW);
        for (const [j, photo] of row.entries()) {
          const key = photoKeys.get(photo.id);
          if (!key) continue;
          const x = MARGIN + j * (THUMB_W + THUMB_GAP);
          await sheet.jpeg(await thumbnail(key), x, sheet.y - 4, THUMB_W, THUMB_H);
          if (photo.taken_at) {
            const off = daysApart(photo.taken_at.slice(0, 10), inspection.date);
            sheet.text(
              off > PHOTO_DAYS ? `${takenLabel(photo.taken_at)} · ${off} dias da vistoria` : takenLabel(photo.taken_at),
              x,
              sheet.y - THUMB_H - 13,
              7,
              off > PHOTO_DAYS ? { color: ALERT, bold: true } : { color: MUTED },
            );
          } else sheet.text("sem data da câmera", x, sheet.y - THUMB_H - 13, 7, { color: MUTED });
        }
        sheet.y -= THUMB_H + 20;
      }
      sheet.y -= 6;
    }
    sheet.y -= 8;
  }
  if (inspection.rooms.length === 0) sheet.paragraph([{ text: "Nenhum cômodo registrado." }], 10, 15);
  return sheet.finish(title, issuedOn, true);
}

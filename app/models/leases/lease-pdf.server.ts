import type { Verification } from "#app/models/documents/registry.server";
import { longDay, PdfSheet, type PdfAgency, type Run } from "#app/utils/pdf-sheet.server";

// What the lease's documents share (the Termo Aditivo, decision 0071; the
// Termo de Encerramento, decision 0069): the sheet with the agency's header,
// the parties, and the closing with the day and a line for each party to sign.

// `content`: the data drawn (its verification code, decision 0079, on the sheet).
export async function leaseSheet(
  title: string,
  subject: string,
  agency: PdfAgency,
  content: { verification?: Verification | null },
) {
  const meta = { title, subject, author: agency.legalName, creator: agency.name, verification: content.verification };
  const sheet = await PdfSheet.create(meta, content);
  sheet.agencyHeader(agency);
  return sheet;
}

export function parties(sheet: PdfSheet, tenant: Run[], owners: readonly string[], address: string | null) {
  sheet.paragraph(tenant, 11, 17);
  sheet.paragraph([{ text: "Locador(es):" }, { text: owners.join("; ") || "não informado", bold: true }], 11, 17);
  if (address) sheet.paragraph([{ text: `Imóvel: ${address}` }], 10, 15);
}

export function signatures(sheet: PdfSheet, agency: PdfAgency, issuedOn: string) {
  sheet.y -= 10;
  sheet.paragraph([{ text: `${agency.city}, ${longDay(issuedOn)}.` }], 10, 15);
  sheet.y -= 34;
  sheet.paragraph(
    [{ text: "Locatário: ____________________________    Locador(es): ____________________________" }],
    10,
    15,
  );
  sheet.y -= 10;
  sheet.paragraph([{ text: agency.legalName, bold: true }], 10, 15);
}

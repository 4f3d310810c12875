import type { Verification } from "#app/models/documents/registry.server";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { documentLabel, type PdfAgency, type Run } from "#app/utils/pdf-sheet.server";
import { leaseSheet, parties, signatures } from "./lease-pdf.server";
import type { LeaseTerms } from "./renewal.schema";

// "Termo Aditivo" (docs/decisions/0071-renewals.md): what a renewal or an
// addendum changes in the lease, from which day and why, on the receipt's
// sheet, with a place for the parties to sign.

export type AddendumPdfData = {
  agency: PdfAgency;
  tenant: { name: string; cpf_cnpj: string | null; property_address: string | null };
  owners: string[];
  kind: "renovacao" | "aditivo";
  effectiveOn: string;
  reason: string;
  before: LeaseTerms;
  after: LeaseTerms;
  issuedOn: string;
  // The code the Termo is checked by (decision 0079).
  verification?: Verification | null;
};

const rent = (c: number | null) => (c === null ? "—" : formatBRL(c));

export async function renderAddendumPdf(d: AddendumPdfData): Promise<Uint8Array> {
  const title = d.kind === "renovacao" ? "Termo Aditivo de Renovação" : "Termo Aditivo";
  const sheet = await leaseSheet(title, `${title} do contrato de locação: ${d.tenant.name}`, d.agency, d);
  sheet.titleWithAmount(title, "EM VIGOR A PARTIR DE", formatDay(d.effectiveOn));
  const doc = documentLabel(d.tenant.cpf_cnpj);
  const tenant: Run[] = [{ text: "Locatário:" }, { text: d.tenant.name, bold: true }];
  if (doc) tenant.push({ text: `(${doc})` });
  parties(sheet, tenant, d.owners, d.tenant.property_address);
  sheet.y -= 12;
  sheet.table(
    [
      { title: "Cláusula", weight: 3 },
      { title: "Era", weight: 3 },
      { title: "Passa a ser", weight: 3 },
    ],
    [
      {
        cells: [
          "Prazo",
          `${formatDay(d.before.start) || "—"} a ${formatDay(d.before.end) || "—"}`,
          `${formatDay(d.after.start) || "—"} a ${formatDay(d.after.end) || "—"}`,
        ],
      },
      { cells: ["Aluguel mensal", rent(d.before.rent_cents), rent(d.after.rent_cents)] },
    ],
  );
  sheet.y -= 14;
  sheet.paragraph([{ text: "Motivo:", bold: true }, { text: d.reason }], 10, 15);
  sheet.y -= 8;
  sheet.paragraph(
    [{ text: "As demais cláusulas do contrato de locação permanecem inalteradas e em pleno vigor." }],
    9.5,
    14,
  );
  signatures(sheet, d.agency, d.issuedOn);
  return sheet.finish(`${title}  ·  ${d.tenant.name}`, d.issuedOn);
}

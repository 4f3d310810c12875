import type { ReadjustmentIndex } from "#app/db/schema";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import type { Verification } from "#app/models/documents/registry.server";
import { leaseSheet, parties } from "#app/models/leases/lease-pdf.server";
import { formatBRL } from "#app/models/shared/money";
import { documentLabel, longDay, type PdfAgency, type Run } from "#app/utils/pdf-sheet.server";
import { formatRate, INDEX_LABELS } from "./readjustment";

// "Aviso de Reajuste" (issue 38, docs/decisions/0041-readjustment.md and
// 0080-document-acceptance.md): what the tenant's email says 30 days before
// the anniversary (readjustment-email.ts), as a document on the lease's sheet:
// the parties, the index and the months accumulated, the rate, the rent now
// and from which day the new one applies. The tenant accepts it in the client
// area (the "Registro de aceite" page is their signature): no lines to sign.

export type ReadjustmentNoticeData = {
  agency: PdfAgency;
  tenant: { name: string; cpf_cnpj: string | null; property_address: string | null };
  owners: string[];
  anniversary: string;
  index: ReadjustmentIndex;
  firstMonth: string; // "yyyy-MM"
  lastMonth: string;
  accumulatedPpm: number;
  oldRentCents: number;
  newRentCents: number;
  issuedOn: string;
  // The code the notice is checked by (decision 0079).
  verification: Verification | null;
};

const TITLE = "Aviso de Reajuste";

// The months from `first` to `last`, both counted ("2025-12".."2026-11": 12).
function monthsAccumulated(first: string, last: string) {
  const n = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return n(last) - n(first) + 1;
}

export async function renderReadjustmentNoticePdf(d: ReadjustmentNoticeData): Promise<Uint8Array> {
  const sheet = await leaseSheet(TITLE, `${TITLE} do aluguel: ${d.tenant.name}`, d.agency, d);
  sheet.titleWithAmount(TITLE, "NOVO ALUGUEL", formatBRL(d.newRentCents));
  const doc = documentLabel(d.tenant.cpf_cnpj);
  const tenant: Run[] = [{ text: "Locatário:" }, { text: d.tenant.name, bold: true }];
  if (doc) tenant.push({ text: `(${doc})` });
  parties(sheet, tenant, d.owners, d.tenant.property_address);
  sheet.y -= 12;
  const rate = `${formatRate(d.accumulatedPpm)}%`;
  const day = formatDay(d.anniversary);
  const changes = d.newRentCents !== d.oldRentCents;
  sheet.paragraph(
    [
      {
        text: changes
          ? `O contrato de locação faz aniversário em ${day} e o aluguel será reajustado pelo índice previsto no contrato, acumulado nos meses abaixo.`
          : `O contrato de locação faz aniversário em ${day}; o índice previsto no contrato acumulou ${rate} nos meses abaixo e o aluguel continua o mesmo.`,
      },
    ],
    10,
    15,
  );
  sheet.y -= 10;
  const months = monthsAccumulated(d.firstMonth, d.lastMonth);
  sheet.table(
    [
      { title: "Item", weight: 4 },
      { title: "Valor", weight: 5 },
    ],
    [
      { cells: ["Índice", INDEX_LABELS[d.index]] },
      {
        cells: ["Meses acumulados", `${months} (${periodLabel(d.firstMonth)} a ${periodLabel(d.lastMonth)})`],
      },
      { cells: ["Variação acumulada", rate] },
      { cells: ["Aluguel atual", formatBRL(d.oldRentCents)] },
      { cells: ["Novo aluguel", formatBRL(d.newRentCents)] },
      { cells: ["A partir de", day] },
    ],
  );
  sheet.y -= 14;
  sheet.paragraph(
    [
      {
        text: `Os boletos com vencimento a partir de ${day} terão o novo valor. As demais cláusulas do contrato de locação permanecem inalteradas e em pleno vigor.`,
      },
    ],
    9.5,
    14,
  );
  sheet.y -= 10;
  sheet.paragraph([{ text: `${d.agency.city}, ${longDay(d.issuedOn)}.` }], 10, 15);
  sheet.y -= 6;
  sheet.paragraph([{ text: d.agency.legalName, bold: true }, { text: "(administradora da locação)" }], 10, 15);
  return sheet.finish(`${TITLE}  ·  ${d.tenant.name}`, d.issuedOn);
}

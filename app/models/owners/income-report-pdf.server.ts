import type { Verification } from "#app/models/documents/registry.server";
import { formatPercent } from "#app/models/billing/charges";
import { periodLabel } from "#app/models/billing/months";
import { formatBRL } from "#app/models/shared/money";
import { documentLabel, longDay, PdfSheet, type PdfAgency, type Run } from "#app/utils/pdf-sheet.server";
import type { IncomeMonth, OwnerIncome, TenantIncome } from "./income-report.server";

// The informes de rendimentos as PDFs (docs/decisions/0043-income-reports.md),
// drawn on the receipt's sheet: the owner's (rents received for them, the
// agency's fees, the net, month by month) and the tenant's (rents paid, month
// by month, and to whom: what each needs for their income tax return).

const monthName = (month: string) => {
  const label = periodLabel(month).replace(/ de \d{4}$/, "");
  return label.charAt(0).toUpperCase() + label.slice(1);
};

async function sheetFor(
  title: string,
  subject: string,
  agency: PdfAgency,
  content: unknown,
  verification: Verification | null,
) {
  const meta = { title, subject, author: agency.legalName, creator: agency.name, verification };
  const sheet = await PdfSheet.create(meta, content);
  sheet.agencyHeader(agency);
  return sheet;
}

// The agency never withholds; a company tenant does (decision 0074), and
// says so in its own comprovante.
function closing(sheet: PdfSheet, agency: PdfAgency, issuedOn: string, withholding?: string) {
  sheet.y -= 24;
  sheet.room(60);
  sheet.paragraph(
    [{ text: withholding ?? "Imposto de renda retido na fonte: não houve retenção pela administradora no ano." }],
    9.5,
    14,
  );
  sheet.y -= 10;
  sheet.paragraph([{ text: `${agency.city}, ${longDay(issuedOn)}.` }], 10, 15);
  sheet.paragraph([{ text: agency.legalName, bold: true }], 10, 15);
}

// `verification`: its code (decision 0079), given by income-documents.server.ts.
export async function renderOwnerIncomePdf(
  r: OwnerIncome,
  agency: PdfAgency,
  issuedOn: string,
  verification: Verification | null = null,
) {
  const title = `Informe de Rendimentos ${r.year}`;
  const sheet = await sheetFor(title, `Aluguéis de ${r.year}: ${r.owner.name}`, agency, r, verification);
  sheet.titleWithAmount(title, "RENDIMENTO LÍQUIDO", formatBRL(r.totals.netCents));
  const doc = documentLabel(r.owner.cpf_cnpj);
  const who: Run[] = [{ text: "Beneficiário:" }, { text: r.owner.name, bold: true }];
  if (doc) who.push({ text: `(${doc})` });
  sheet.paragraph(who, 11, 17);
  sheet.paragraph(
    [{ text: `Aluguéis recebidos pela administradora em ${r.year}, por mês de recebimento, das locações de:` }],
    10,
    15,
  );
  sheet.paragraph([{ text: r.tenants.join("; ") || "—" }], 10, 15);
  sheet.y -= 12;
  // A company tenant's IRRF (decision 0074): its own column, when there is any.
  const withheld = r.totals.withheldCents > 0;
  const row = (label: string, m: Omit<IncomeMonth, "month">) => [
    label,
    formatBRL(m.grossCents),
    ...(withheld ? [formatBRL(m.withheldCents)] : []),
    formatBRL(m.feesCents),
    formatBRL(m.transferredCents),
    formatBRL(m.pendingCents),
  ];
  sheet.table(
    [
      { title: "Mês", weight: 3 },
      { title: "Aluguel recebido", weight: 3, right: true },
      ...(withheld ? [{ title: "IRRF retido pelo locatário", weight: 3, right: true }] : []),
      { title: "Taxas da administradora", weight: 3, right: true },
      { title: "Líquido repassado", weight: 3, right: true },
      { title: "Líquido a repassar", weight: 3, right: true },
    ],
    [...r.months.map((m) => ({ cells: row(monthName(m.month), m) })), { cells: row("Total", r.totals), bold: true }],
  );
  // Received and not yet transferred is the owner's income of the year all
  // the same (the agency received it for them), but never called transferred.
  if (r.totals.pendingCents > 0)
    sheet.paragraph(
      [
        {
          text: `Líquido a repassar: recebido pela administradora em ${r.year} e ainda não repassado na data deste informe.`,
        },
      ],
      9,
      13,
    );
  closing(
    sheet,
    agency,
    issuedOn,
    withheld
      ? `Imposto de renda retido na fonte pelos locatários pessoas jurídicas em ${r.year}: ${formatBRL(r.totals.withheldCents)} (código 3208), conforme o comprovante de cada fonte pagadora. Não houve retenção pela administradora.`
      : undefined,
  );
  return sheet.finish(`${title}  ·  ${r.owner.name}`, issuedOn);
}

export async function renderTenantIncomePdf(
  r: TenantIncome,
  agency: PdfAgency,
  issuedOn: string,
  verification: Verification | null = null,
) {
  const title = `Aluguéis Pagos em ${r.year}`;
  const sheet = await sheetFor(title, `Aluguéis pagos em ${r.year}: ${r.client.name}`, agency, r, verification);
  sheet.titleWithAmount(title, "TOTAL PAGO", formatBRL(r.totalCents));
  const tenantDoc = documentLabel(r.client.cpf_cnpj);
  const tenant: Run[] = [{ text: "Locatário:" }, { text: r.client.name, bold: true }];
  if (tenantDoc) tenant.push({ text: `(${tenantDoc})` });
  sheet.paragraph(tenant, 11, 17);
  // Co-owners (decision 0067): each beneficiary with their share.
  const owners = r.client.owners;
  if (owners.length === 0) sheet.paragraph([{ text: "Locador (beneficiário):" }, { text: "não informado" }], 11, 17);
  for (const o of owners) {
    const ownerDoc = documentLabel(o.cpf_cnpj);
    const owner: Run[] = [{ text: "Locador (beneficiário):" }];
    owner.push({ text: o.name, bold: true });
    if (ownerDoc) owner.push({ text: `(${ownerDoc})` });
    if (owners.length > 1) owner.push({ text: `— ${formatPercent(o.share_bp)}% do aluguel` });
    sheet.paragraph(owner, 11, 17);
  }
  if (r.client.property_address) sheet.paragraph([{ text: `Imóvel: ${r.client.property_address}` }], 10, 15);
  sheet.y -= 12;
  const withheld = r.withheldCents > 0;
  sheet.table(
    [
      { title: "Mês do pagamento", weight: 2 },
      { title: "Valor pago", weight: 1, right: true },
      ...(withheld ? [{ title: "IRRF retido", weight: 1, right: true }] : []),
    ],
    [
      ...r.months.map((m) => ({
        cells: [monthName(m.month), formatBRL(m.paidCents), ...(withheld ? [formatBRL(m.withheldCents)] : [])],
      })),
      {
        cells: ["Total", formatBRL(r.totalCents), ...(withheld ? [formatBRL(r.withheldCents)] : [])],
        bold: true,
      },
    ],
  );
  closing(
    sheet,
    agency,
    issuedOn,
    withheld
      ? `Valor pago inclui o imposto de renda que o locatário reteve na fonte e recolhe por DARF (código 3208): ${formatBRL(r.withheldCents)} no ano. Não houve retenção pela administradora.`
      : undefined,
  );
  return sheet.finish(`${title}  ·  ${r.client.name}`, issuedOn);
}

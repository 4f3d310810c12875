import { formatDay } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";
import { TIME_ZONE } from "#app/utils/format";
import { documentLabel, MUTED, PdfSheet, type PdfAgency } from "#app/utils/pdf-sheet.server";
import { formatDocumentCode, type Verification } from "./registry.server";

// The "Registro de aceite" page (issue 38, docs/decisions/0080-document-acceptance.md):
// appended to the document the tenant accepted, as a new version of it under
// the same code: who accepted, how, when (agency time and UTC), from which
// address and browser, and the SHA-256 of the exact file accepted.

export type AcceptanceRecord = {
  agency: PdfAgency;
  verification: Verification;
  title: string; // the document's, "Relatório de Vistoria nº 12"
  issuedOn: string;
  acceptedSha256: string;
  accepter: { name: string; cpfCnpj: string | null; username: string | null };
  acceptedAt: Date;
  ip: string | null;
  userAgent: string | null;
  // Tacit: the last day of the window that closed without a contest.
  tacitAfter: string | null;
  // An inspection's contests before the acceptance, in words.
  contests?: { item: string; note: string; answer: string | null; outcome: string }[];
};

const localTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "shortOffset",
});

// "30/11/2026 06:40:12 (GMT-4, horário de Três Lagoas - MS)".
export function agencyTime(at: Date, city: string) {
  const parts = Object.fromEntries(localTime.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} (${parts.timeZoneName}, horário de ${city})`;
}

export async function appendAcceptanceRecord(original: Uint8Array, r: AcceptanceRecord): Promise<Uint8Array> {
  const title = "Registro de aceite";
  const sheet = await PdfSheet.after(
    original,
    {
      title: r.title,
      subject: `${r.title}: aceito por ${r.accepter.name}`,
      author: r.agency.legalName,
      creator: r.agency.name,
      verification: r.verification,
    },
    r,
  );
  sheet.agencyHeader(r.agency);
  sheet.titleWithAmount(title, "ACEITO EM", formatDay(localToday(r.acceptedAt)));
  const code = formatDocumentCode(r.verification.code);
  sheet.paragraph(
    [
      { text: "Este registro integra o documento" },
      { text: r.title, bold: true },
      {
        text: `(código ${code}), emitido em ${formatDay(r.issuedOn)} por ${r.agency.legalName}, e o aceite abaixo se refere ao arquivo cujo SHA-256 é:`,
      },
    ],
    11,
    17,
  );
  sheet.y -= 4;
  sheet.paragraph([{ text: r.acceptedSha256 }], 9.5, 14, undefined, undefined, MUTED);
  sheet.y -= 12;
  const who = [r.accepter.name, documentLabel(r.accepter.cpfCnpj)].filter(Boolean).join(", ");
  const how = r.tacitAfter
    ? `Aceite tácito: o prazo de contestação terminou em ${formatDay(r.tacitAfter)} sem contestação, e o documento vale como aceito.`
    : `Aceite expresso: escolheu "Aceito" na Área do Cliente, entrando com o seu usuário${r.accepter.username ? ` (${r.accepter.username})` : ""} e a sua senha pessoal.`;
  const rows: [string, string][] = [
    ["Aceito por", who],
    ["Forma", how],
    ["Data e hora", agencyTime(r.acceptedAt, r.agency.city)],
    ["Em UTC", r.acceptedAt.toISOString()],
    ["Endereço IP", r.ip ?? "—"],
    ["Navegador", r.userAgent ? r.userAgent.slice(0, 400) : "—"],
  ];
  for (const [label, value] of rows) {
    sheet.paragraph([{ text: `${label}:`, bold: true }, { text: value }], 10.5, 16);
    sheet.y -= 4;
  }
  if (r.contests?.length) {
    sheet.y -= 8;
    sheet.paragraph([{ text: "Contestações registradas antes do aceite", bold: true }], 11.5, 17);
    for (const c of r.contests) {
      sheet.room(60);
      sheet.paragraph([{ text: `${c.item}:`, bold: true }, { text: c.note }], 10, 14.5);
      if (c.answer) sheet.paragraph([{ text: "Resposta da imobiliária:", bold: true }, { text: c.answer }], 10, 14.5);
      sheet.paragraph([{ text: c.outcome }], 10, 14.5, undefined, undefined, MUTED);
      sheet.y -= 6;
    }
  }
  sheet.y -= 10;
  sheet.paragraph(
    [
      {
        text: "Assinatura eletrônica (Lei nº 14.063/2020, art. 4º) admitida entre as partes como meio de comprovação da autoria e da integridade do documento (Medida Provisória nº 2.200-2/2001, art. 10, § 2º). Qualquer pessoa confere o documento e este registro pelo código acima, em /verificar.",
      },
    ],
    9,
    13,
    undefined,
    undefined,
    MUTED,
  );
  return sheet.finish(`${title}  ·  ${r.title}`, localToday(r.acceptedAt));
}

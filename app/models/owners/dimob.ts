// The DIMOB file (Declaração de Informações sobre Atividades Imobiliárias),
// pure and client-safe: the fixed-width records of the Receita Federal's
// program layout from plain data (docs/decisions/0042-dimob.md). The file is
// the header, R01 (the declarant), one R02 (Ficha 02 - Locação) per rental
// contract, and the trailer T9, each line ending in CR LF.
//
// Fields are filled as the program imports them: numbers right-aligned and
// zero-filled; text left-aligned, space-filled, upper case, without accents
// and only printable ASCII (so the bytes are the same in ASCII and
// ISO-8859-1); money in centavos with two implied decimals; dates DDMMAAAA;
// a CPF left-aligned in a 14-character CPF/CNPJ field.

export const CRLF = "\r\n";

// Line lengths without the CR LF delimiter.
export const HEADER_LENGTH = 374;
export const R01_LENGTH = 270;
export const R02_LENGTH = 797;
export const T9_LENGTH = 102;

export type DimobDeclarant = {
  cnpj: string; // 14 characters
  year: number;
  name: string; // the agency's legal name
  responsibleCpf: string; // 11 digits
  address: string; // full address, one line
  uf: string;
  municipalityCode: string; // the Receita's 4-digit code
};

export type DimobMonth = { rentCents: number; commissionCents: number; taxCents: number };

export type DimobLease = {
  contractNumber: string; // up to 6 characters (our client id)
  contractDate: string; // "yyyy-MM-dd"
  ownerDocument: string; // CPF (11) or CNPJ (14)
  ownerName: string;
  tenantDocument: string;
  tenantName: string;
  months: DimobMonth[]; // January to December, 12 entries
  propertyType: "U" | "R"; // urban / rural
  propertyAddress: string;
  cep: string; // 8 digits, or "" when the address has none
  municipalityCode: string;
  uf: string;
};

// "São João, nº 12 – apto" -> "SAO JOAO, NO 12 - APTO"
export function plainText(value: string) {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[ºª]/g, (c) => (c === "º" ? "O" : "A"))
    .replace(/[–—]/g, "-")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase();
}

export function text(value: string, width: number) {
  return plainText(value).slice(0, width).padEnd(width, " ");
}

export function num(value: number | string, width: number) {
  const s = String(value);
  if (!/^\d+$/.test(s) || s.length > width) throw new RangeError(`DIMOB: ${s} does not fit ${width} digits`);
  return s.padStart(width, "0");
}

export function blank(width: number) {
  return " ".repeat(width);
}

// A CPF (11) or CNPJ (14, possibly alphanumeric) in a 14-character field.
export function document(value: string, width = 14) {
  const s = value.toUpperCase();
  if (!/^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(s) || s.length > width)
    throw new RangeError(`DIMOB: invalid CPF/CNPJ ${value}`);
  return s.padEnd(width, " ");
}

export function money(cents: number) {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`DIMOB: invalid amount ${cents}`);
  return num(cents, 14);
}

// "2024-03-15" -> "15032024"
export function date(iso: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`DIMOB: invalid date ${iso}`);
  return `${m[3]}${m[2]}${m[1]}`;
}

export function headerRecord() {
  return "DIMOB" + blank(369);
}

export function r01Record(d: DimobDeclarant) {
  return [
    "R01",
    document(d.cnpj, 14),
    num(d.year, 4),
    "0", // declaração retificadora: não
    num(0, 10), // número do recibo (só na retificadora)
    "0", // situação especial: não
    num(0, 8), // data do evento da situação especial
    num(0, 2), // código da situação especial: normal
    text(d.name, 60),
    num(d.responsibleCpf, 11),
    text(d.address, 120),
    text(d.uf, 2),
    num(d.municipalityCode, 4),
    blank(20),
    blank(10),
  ].join("");
}

export function r02Record(d: DimobDeclarant, sequence: number, lease: DimobLease) {
  if (lease.months.length !== 12) throw new RangeError("DIMOB: a lease has 12 months");
  return [
    "R02",
    document(d.cnpj, 14),
    num(d.year, 4),
    num(sequence, 5),
    document(lease.ownerDocument),
    text(lease.ownerName, 60),
    document(lease.tenantDocument),
    text(lease.tenantName, 60),
    text(lease.contractNumber, 6),
    date(lease.contractDate),
    ...lease.months.map((m) => money(m.rentCents) + money(m.commissionCents) + money(m.taxCents)),
    lease.propertyType,
    text(lease.propertyAddress, 60),
    lease.cep ? num(lease.cep, 8) : num(0, 8),
    num(lease.municipalityCode, 4),
    blank(20),
    text(lease.uf, 2),
    blank(10),
  ].join("");
}

export function t9Record() {
  return "T9" + blank(100);
}

// The file's records in order, one at a time (the server writes thousands of
// R02 with a pause between slices: dimob.server.ts).
export function* dimobRecords(d: DimobDeclarant, leases: readonly DimobLease[]) {
  yield headerRecord();
  yield r01Record(d);
  for (const [i, l] of leases.entries()) yield r02Record(d, i + 1, l);
  yield t9Record();
}

// The whole file, CR LF after every record (the trailer's too).
export function dimobFile(d: DimobDeclarant, leases: readonly DimobLease[]) {
  return [...dimobRecords(d, leases)].map((l) => l + CRLF).join("");
}

export type DimobPayment = {
  paymentDate: string;
  receivedCents: number;
  commissionCents: number;
  // The IRRF a company tenant withheld (decision 0074): part of the rent paid
  // to the owner, and the R02's "imposto retido".
  withheldCents?: number;
};

// A rent as the DIMOB declares it: the commission is the statement's fees.
export function dimobPayment(r: {
  paymentDate: string;
  receivedCents: number;
  adminFeeCents: number;
  firstRentFeeCents: number;
  withheldCents?: number;
}): DimobPayment {
  return {
    paymentDate: r.paymentDate,
    receivedCents: r.receivedCents,
    commissionCents: r.adminFeeCents + r.firstRentFeeCents,
    withheldCents: r.withheldCents ?? 0,
  };
}

// A contract's 12 months of the year from its payments (by payment date):
// the rent is what was received plus what the tenant withheld.
export function monthsOf(year: number, payments: readonly DimobPayment[]): DimobMonth[] {
  const months = Array.from({ length: 12 }, () => ({ rentCents: 0, commissionCents: 0, taxCents: 0 }));
  for (const p of payments) {
    if (!p.paymentDate.startsWith(`${year}-`)) continue;
    const m = months[Number(p.paymentDate.slice(5, 7)) - 1];
    m.rentCents += p.receivedCents + (p.withheldCents ?? 0);
    m.commissionCents += p.commissionCents;
    m.taxCents += p.withheldCents ?? 0;
  }
  return months;
}

export function dimobTotals(leases: readonly Pick<DimobLease, "months">[]) {
  let rentCents = 0;
  let commissionCents = 0;
  for (const l of leases)
    for (const m of l.months) {
      rentCents += m.rentCents;
      commissionCents += m.commissionCents;
    }
  return { contracts: leases.length, rentCents, commissionCents };
}

// The CEP written in a free-text address ("79601-000" or "79601000"), or "".
export function cepOf(address: string) {
  return /\b(\d{5})-?(\d{3})\b/.exec(address)?.slice(1).join("") ?? "";
}

// The UF at the end of "Três Lagoas - MS" or of an address ending "... - MS, 79601-000".
export function ufOf(place: string) {
  const m = /\b([A-Z]{2})\b[\s,]*(\d{5}-?\d{3})?\s*$/.exec(place.trim());
  return m ? m[1] : "";
}

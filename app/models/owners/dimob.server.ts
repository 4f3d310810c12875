import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { isValidCnpj, isValidCpf, isValidCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { getAgency, getEnv } from "#app/utils/env.server";
import { batchesOf, slicer } from "#app/models/shared/slicer";
import { pageOfRows } from "#app/models/shared/paging.server";
import { untilWrite } from "#app/models/shared/until-write.server";
import type { DimobQuery } from "./dimob-query";
import {
  cepOf,
  CRLF,
  dimobPayment,
  dimobRecords,
  dimobTotals,
  monthsOf,
  ufOf,
  type DimobDeclarant,
  type DimobLease,
  type DimobPayment,
} from "./dimob";
import { payingClients } from "./paying-clients.server";
import { ownersRentLinesInBatches } from "./received-rents.server";
import { anyRow } from "#app/models/shared/exists.server";

// The year's DIMOB from the database (docs/decisions/0042-dimob.md): one R02
// per contract (a client with an owner) with rents paid in the calendar year,
// each month's rent received, the agency's commission as the owner statements
// give it (a final statement's frozen line, else computed now), and no
// tax withheld. What would make the file wrong blocks it, each with the page
// that fixes it.

type DB = Kysely<Database>;

export type DimobBlocker = { message: string; href: string | null };

export type DimobContract = DimobLease & { clientId: number; ownerId: number; cepMissing: boolean };

export type DimobYear = {
  year: number;
  declarant: DimobDeclarant | null;
  contracts: DimobContract[];
  blockers: DimobBlocker[];
  totals: { contracts: number; rentCents: number; commissionCents: number };
};

// The declarant from the environment; what is missing or invalid is a blocker.
function declarantOf(year: number, blockers: DimobBlocker[]): DimobDeclarant | null {
  const env = getEnv();
  const agency = getAgency();
  const cnpj = normalizeCpfCnpj(env.AGENCY_CNPJ ?? "");
  const cpf = normalizeCpfCnpj(env.AGENCY_RESPONSIBLE_CPF ?? "");
  const code = (env.AGENCY_MUNICIPALITY_CODE ?? "").trim();
  const before = blockers.length;
  if (!cnpj) blockers.push({ message: "CNPJ da imobiliária não configurado (AGENCY_CNPJ).", href: null });
  else if (!isValidCnpj(cnpj)) blockers.push({ message: "CNPJ da imobiliária inválido (AGENCY_CNPJ).", href: null });
  if (!cpf)
    blockers.push({
      message: "CPF do responsável pela imobiliária perante a Receita não configurado (AGENCY_RESPONSIBLE_CPF).",
      href: null,
    });
  else if (!isValidCpf(cpf))
    blockers.push({ message: "CPF do responsável inválido (AGENCY_RESPONSIBLE_CPF).", href: null });
  if (!code)
    blockers.push({
      message: "Código do município da Receita não configurado (AGENCY_MUNICIPALITY_CODE).",
      href: null,
    });
  else if (!/^\d{4}$/.test(code))
    blockers.push({ message: "Código do município inválido: são 4 dígitos (AGENCY_MUNICIPALITY_CODE).", href: null });
  if (blockers.length > before) return null;
  return {
    cnpj,
    year,
    name: agency.legalName,
    responsibleCpf: cpf,
    address: agency.address,
    uf: ufOf(agency.city) || ufOf(agency.address),
    municipalityCode: code,
  };
}

// What the database and the environment say of the year: the declarant, what
// blocks the file, and the leases (kept until the next write: dimobLeases).
async function dimobParts(db: DB, year: number) {
  const blockers: DimobBlocker[] = [];
  const declarant = declarantOf(year, blockers);
  const leases = await untilWrite(db, `dimob:${year}`, () => dimobLeases(db, year));
  blockers.push(...leases.blockers);
  // The address is free text: the property is taken to be in the agency's municipality.
  const place = { municipalityCode: declarant?.municipalityCode ?? "", uf: declarant?.uf ?? "" };
  const withPlace = (c: DimobLeases["contracts"][number]): DimobContract => ({ ...c, ...place });
  return { declarant, blockers, leases, withPlace };
}

export async function dimobYear(db: DB, year: number): Promise<DimobYear> {
  const { declarant, blockers, leases, withPlace } = await dimobParts(db, year);
  return { year, declarant, contracts: leases.contracts.map(withPlace), blockers, totals: leases.totals };
}

// The DIMOB page: its totals, and one page of the blockers and one of the
// contracts (the year's 4,500 contracts are not copied on each view).
export async function dimobPage(db: DB, year: number, q: DimobQuery) {
  const { blockers, leases, withPlace } = await dimobParts(db, year);
  const contracts = pageOfRows(leases.contracts, q.page);
  return {
    blockers: pageOfRows(blockers, q.blockersPage),
    totals: leases.totals,
    contracts: { ...contracts, rows: contracts.rows.map(withPlace) },
  };
}

type DimobLeases = {
  contracts: Omit<DimobContract, "municipalityCode" | "uf">[];
  blockers: DimobBlocker[];
  totals: DimobYear["totals"];
};

// What the database says of the year, the declarant aside: each contract's
// lease and what blocks the file. Every owner's year, read a batch of owners
// at a time (ownersRentLinesInBatches: the event loop breathes between
// batches); kept until the next write (untilWrite), so the page and the file
// asked again read nothing.
async function dimobLeases(db: DB, year: number): Promise<DimobLeases> {
  const blockers: DimobBlocker[] = [];
  const range = { paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` };
  const clients = await leaseClients(db, year);

  // Each rent with its fees as the owner was told (received-rents.server.ts).
  const payments = new Map<string, DimobPayment[]>();
  const ownerIds = [...new Set(clients.map((c) => c.owner_id))];
  for await (const rents of ownersRentLinesInBatches(db, ownerIds, range))
    for (const r of rents) {
      const payment = dimobPayment(r);
      // A co-owned contract is a lease for each owner, with their share.
      const key = `${r.clientId}:${r.ownerId}`;
      const of = payments.get(key);
      if (of) of.push(payment);
      else payments.set(key, [payment]);
    }

  const contracts: DimobLeases["contracts"] = [];
  // Checking documents and addresses is tens of microseconds a contract:
  // the event loop gets a turn between slices of them too.
  const pause = slicer();
  for (const c of clients) {
    await pause();
    const paid = payments.get(`${c.id}:${c.owner_id}`);
    // Its payment undone since the list was read: nothing to declare.
    if (!paid) continue;
    const tenantHref = `/admin/clients/${c.id}/edit`;
    const ownerHref = `/admin/clients/proprietarios/${c.owner_id}`;
    const ok = [
      checkDocument(c.cpf_cnpj, `do inquilino ${c.name}`, tenantHref, blockers),
      checkDocument(c.owner_cpf_cnpj, `do proprietário ${c.owner_name}`, ownerHref, blockers),
    ].every(Boolean);
    let fine = ok;
    if (!c.contract_start_date) {
      blockers.push({ message: `Contrato de ${c.name} sem data de início.`, href: tenantHref });
      fine = false;
    }
    if (!c.property_address?.trim()) {
      blockers.push({ message: `Contrato de ${c.name} sem endereço do imóvel.`, href: tenantHref });
      fine = false;
    }
    if (!fine) continue;
    const cep = cepOf(c.property_address!);
    contracts.push({
      clientId: c.id,
      ownerId: c.owner_id,
      contractNumber: String(c.id),
      contractDate: c.contract_start_date!,
      ownerDocument: normalizeCpfCnpj(c.owner_cpf_cnpj!),
      ownerName: c.owner_name,
      tenantDocument: normalizeCpfCnpj(c.cpf_cnpj!),
      tenantName: c.name,
      months: monthsOf(year, paid),
      // We keep no rural/urban flag: the agency rents urban property.
      propertyType: "U",
      propertyAddress: c.property_address!,
      cep,
      cepMissing: cep === "",
    });
  }
  const unowned = await unownedRents(db, year);
  for (const u of unowned)
    blockers.push({
      message: `Contrato de ${u.name} tem aluguéis recebidos em ${year} e não tem proprietário.`,
      href: `/admin/clients/${u.id}/edit`,
    });
  return { contracts, blockers, totals: dimobTotals(contracts) };
}

function checkDocument(value: string | null, whose: string, href: string, blockers: DimobBlocker[]) {
  if (!value) {
    blockers.push({ message: `Falta o CPF/CNPJ ${whose}.`, href });
    return false;
  }
  if (!isValidCpfCnpj(value)) {
    blockers.push({ message: `CPF/CNPJ ${whose} inválido.`, href });
    return false;
  }
  return true;
}

// Contracts a query when reading their columns.
const CLIENT_BATCH = 500;

// Contracts with an owner and rents paid in the year, a row for each of
// their owners (decision 0067), in the file's order:
// owner's name, tenant's name, id, as SQLite's ORDER BY gives them. Which
// ones by payingClients (a thousand contracts a query); their columns
// CLIENT_BATCH a query, sorted here: one query reading and sorting 5,000
// contracts with their owners held the event loop over 100 ms on the loaded
// machine.
async function leaseClients(db: DB, year: number) {
  const paying = await payingClients(db, { paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` });
  const ids = paying.filter((c) => c.ownerIds.length > 0).map((c) => c.id);
  const rows = [];
  for await (const batch of batchesOf(ids, CLIENT_BATCH))
    rows.push(
      ...(await db
        .selectFrom("clients")
        .innerJoin("lease_owners as lo", "lo.client_id", "clients.id")
        .innerJoin("owners", "owners.id", "lo.owner_id")
        .select([
          "clients.id",
          "clients.name",
          "clients.cpf_cnpj",
          "clients.contract_start_date",
          "clients.property_address",
          "owners.id as owner_id",
          "owners.name as owner_name",
          "owners.cpf_cnpj as owner_cpf_cnpj",
        ])
        .where(sql<boolean>`clients.id in (select value from json_each(${JSON.stringify(batch)}))`)
        .execute()),
    );
  return rows.sort((a, b) => binaryOrder(a.owner_name, b.owner_name) || binaryOrder(a.name, b.name) || a.id - b.id);
}

// SQLite's BINARY order of two texts (their UTF-8 bytes, code point by code
// point): JavaScript's `<` but for characters past U+FFFF, whose UTF-16
// surrogates sort before U+E000-U+FFFF.
function binaryOrder(a: string, b: string) {
  if (a === b) return 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

// A contract's rents paid in the year: a seek in billing_client_paid.
function paidIn(eb: ExpressionBuilder<Database, "clients">, year: number) {
  return eb
    .selectFrom("billing")
    .select("billing.id")
    .whereRef("billing.client_id", "=", "clients.id")
    .where("billing.status", "=", "paid")
    .where("billing.payment_date", ">=", `${year}-01-01`)
    .where("billing.payment_date", "<", `${year + 1}-01-01`);
}

// Contracts with rents paid in the year but no owner: the DIMOB has no
// landlord to name for them.
function unownedRents(db: DB, year: number) {
  return db
    .selectFrom("clients")
    .select(["clients.id", "clients.name"])
    .where("clients.owner_id", "is", null)
    .where((eb) => eb.exists(anyRow(paidIn(eb, year))))
    .orderBy("clients.name")
    .execute();
}

// The file's text, or the blockers that refuse it.
export async function dimobText(db: DB, year: number) {
  const data = await dimobYear(db, year);
  if (data.blockers.length > 0 || !data.declarant) return { ok: false as const, data };
  // dimobFile's records (dimob.ts), the event loop given a turn between
  // slices: an R02 costs about 0.1 ms, 5,000 of them half a second.
  const pause = slicer();
  const records: string[] = [];
  for (const record of dimobRecords(data.declarant, data.contracts)) {
    records.push(record + CRLF);
    await pause();
  }
  return { ok: true as const, data, text: records.join("") };
}

export function dimobFileName(year: number, cnpj: string) {
  return `DIMOB-${year}-${cnpj}.txt`;
}

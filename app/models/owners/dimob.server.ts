import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { isValidCnpj, isValidCpf, isValidCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { getAgency, getEnv } from "#app/utils/env.server";
import { cepOf, dimobFile, dimobTotals, monthsOf, ufOf, type DimobDeclarant, type DimobLease } from "./dimob";
import { ownedRentLines } from "./received-rents.server";

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

export async function dimobYear(db: DB, year: number): Promise<DimobYear> {
  const blockers: DimobBlocker[] = [];
  const declarant = declarantOf(year, blockers);
  const municipalityCode = declarant?.municipalityCode ?? "";
  const uf = declarant?.uf ?? "";

  // Each rent with its fees as the owner was told (received-rents.server.ts).
  const rents = await ownedRentLines(db, { paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` });
  const byClient = new Map<number, typeof rents>();
  for (const r of rents) byClient.set(r.clientId, [...(byClient.get(r.clientId) ?? []), r]);

  const clientIds = [...byClient.keys()];
  const clients = clientIds.length
    ? await db
        .selectFrom("clients")
        .innerJoin("owners", "owners.id", "clients.owner_id")
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
        .where("clients.id", "in", clientIds)
        .orderBy("owners.name")
        .orderBy("clients.name")
        .orderBy("clients.id")
        .execute()
    : [];

  const contracts: DimobContract[] = [];
  for (const c of clients) {
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
    const payments = byClient.get(c.id)!.map((r) => ({
      paymentDate: r.paymentDate,
      receivedCents: r.receivedCents,
      commissionCents: r.adminFeeCents + r.firstRentFeeCents,
    }));
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
      months: monthsOf(year, payments),
      // We keep no rural/urban flag: the agency rents urban property.
      propertyType: "U",
      propertyAddress: c.property_address!,
      cep,
      cepMissing: cep === "",
      // The address is free text: the property is taken to be in the agency's municipality.
      municipalityCode,
      uf,
    });
  }
  const unowned = await unownedRents(db, year);
  for (const u of unowned)
    blockers.push({
      message: `Contrato de ${u.name} tem aluguéis recebidos em ${year} e não tem proprietário.`,
      href: `/admin/clients/${u.id}/edit`,
    });
  return { year, declarant, contracts, blockers, totals: dimobTotals(contracts) };
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

// Contracts with rents paid in the year but no owner: the DIMOB has no
// landlord to name for them.
function unownedRents(db: DB, year: number) {
  return db
    .selectFrom("clients")
    .select(["clients.id", "clients.name"])
    .where("clients.owner_id", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("billing")
          .select("billing.id")
          .whereRef("billing.client_id", "=", "clients.id")
          .where("billing.status", "=", "paid")
          .where("billing.payment_date", ">=", `${year}-01-01`)
          .where("billing.payment_date", "<", `${year + 1}-01-01`),
      ),
    )
    .orderBy("clients.name")
    .execute();
}

// The file's text, or the blockers that refuse it.
export async function dimobText(db: DB, year: number) {
  const data = await dimobYear(db, year);
  if (data.blockers.length > 0 || !data.declarant) return { ok: false as const, data };
  return { ok: true as const, data, text: dimobFile(data.declarant, data.contracts) };
}

export function dimobFileName(year: number, cnpj: string) {
  return `DIMOB-${year}-${cnpj}.txt`;
}

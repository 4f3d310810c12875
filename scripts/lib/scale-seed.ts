// The scale data set (issue 34; docs/decisions/0058-scale-data-set.md): an
// agency of N contracts over Y years, built through the app's own models so
// the rows are the ones the back office writes: owners (createOwner), tenants
// with their contracts (createClient: owner, rent, due day 1-31, index), every
// contract month billed (generateContractBillings), payments with their
// numbered receipts (payInTransaction, as reconciliation settles several in
// one transaction), late ones with their fees, open ones stored overdue
// (markOverdue), a few tenant logins, a few owners' transfers done
// (markTransferDone) and one bank statement imported (importStatement).
// Deterministic from `seed`: a small PRNG (mulberry32), never Math.random;
// "today" is an option so that two runs agree on every date.
//
// Two documented seams keep 5,000 contracts within minutes (decision 0058):
// one argon2 hash for every tenant's login (createClient's `passwordHash`),
// and receipts older than RECENT_RECEIPT_DAYS given a fixed stand-in PDF
// (ReceiptIssuer.renderPdf) instead of drawing each.
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { defaultAgency } from "#app/config/agency";
import { hashPassword } from "#app/models/accounts/password.server";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { endContract } from "#app/models/clients/contract-end.server";
import { markOverdue } from "#app/models/billing/overdue.server";
import { payInTransaction, type ReceiptIssuer } from "#app/models/billing/payments.server";
import { billingTxid } from "#app/models/billing/pix";
import { renderReceiptPdf } from "#app/models/billing/receipt-pdf.server";
import { newClientSchema, READJUSTMENT_INDEXES } from "#app/models/clients/client.schema";
import { createClient } from "#app/models/clients/clients.server";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { upsertIndexValue } from "#app/models/owners/index-values.server";
import { createOwner } from "#app/models/owners/owners.server";
import { drawStatementPdfs, markTransferDone } from "#app/models/owners/mark-transfer.server";
import { monthTransfers, ownerStatement } from "#app/models/owners/transfers.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { addDays, addMonths, addMonthsToDay, localToday } from "#app/models/shared/days";
import { buildOfx, type OfxLine } from "#tests/fixtures/statements/build";
import { demoPdf } from "../demo-files";

type DB = Kysely<Database>;

export type ScaleOptions = {
  contracts: number;
  years: number;
  seed: number;
  today?: string;
  // Share of tenants who keep their login (the others: "Desativar login").
  loginShare?: number;
  // Receipts of payments within these many days of today are drawn for
  // real; older ones get the stand-in PDF. Infinity: every receipt drawn.
  recentReceiptDays?: number;
  progress?: (line: string) => void;
};

export const RECENT_RECEIPT_DAYS = 90;
// The password of every tenant who keeps a login (the bench signs in with it).
export const scaleTenantPassword = (seed: number) => `escala${seed}Senha`;
// 2,000 owners for 5,000 contracts, as the issue's agency.
export const ownersFor = (contracts: number) => Math.max(1, Math.round(contracts * 0.4));

// mulberry32: 32-bit state, good enough spread for test data, reproducible.
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

const FIRST = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elaine",
  "Fábio",
  "Gisele",
  "Hugo",
  "Iara",
  "João",
  "Kátia",
  "Luís",
  "Márcia",
  "Nélson",
  "Otávio",
  "Patrícia",
  "Raul",
  "Sônia",
  "Tiago",
  "Vânia",
];
const LAST = [
  "Souza",
  "Oliveira",
  "Pereira",
  "Lima",
  "Carvalho",
  "Gomes",
  "Ribeiro",
  "Martins",
  "Araújo",
  "Rocha",
  "Almeida",
  "Barbosa",
  "Conceição",
  "Dias",
  "Freitas",
  "Nascimento",
];
const STREETS = [
  "Rua Paranaíba",
  "Rua Egídio Thomé",
  "Avenida Rosário Congro",
  "Rua Munir Thomé",
  "Avenida Capitão Olinto Mancini",
  "Rua João Carrato",
  "Rua Elmano Soares",
  "Avenida Antônio Trajano dos Santos",
];
const NEIGHBORHOODS = ["Centro", "Jardim Alvorada", "Santos Dumont", "Interlagos", "Vila Nova", "Lapa"];
// Due days as agencies see them: the 5th, 10th and 15th most, every day 1-31 some (29-31 clamped in short months).
const DUE_DAYS = [5, 5, 5, 10, 10, 10, 15, 15, 20, 25, 1, 7, 12, 28, 29, 30, 31];

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

// A valid CPF (check digits) from 9 random digits.
function cpf(rng: Rng) {
  const d = Array.from({ length: 9 }, () => rng.int(10));
  if (d.every((x) => x === d[0])) d[8] = (d[8] + 1) % 10;
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join("");
}

const reais = (cents: number) =>
  `${Math.floor(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`;

// The contract of tenant i: most began Y years ago (staggered over six
// months) and run a few months past today; one in ten ended within the last
// year; one in ten began within the last year (a 30-month lease).
// The first tenant's contract is always a long one: the bench's tenant with Y years of history.
function contractPlan(i: number, rng: Rng, o: Required<Pick<ScaleOptions, "years" | "loginShare">>, today: string) {
  const months = o.years * 12;
  const kind = i === 0 ? 1 : rng.next();
  const thisMonth = `${today.slice(0, 7)}-01`;
  let start: string;
  let end: string;
  if (kind < 0.1) {
    start = addDays(addMonthsToDay(thisMonth, -(months - rng.int(6))), rng.int(28));
    end = addDays(addMonthsToDay(thisMonth, -(1 + rng.int(11))), rng.int(28));
  } else if (kind < 0.2) {
    start = addDays(addMonthsToDay(thisMonth, -(1 + rng.int(11))), rng.int(28));
    end = addDays(addMonthsToDay(start, 30), -1);
  } else {
    start = addDays(addMonthsToDay(thisMonth, -(months - 1 - rng.int(6))), rng.int(28));
    end = addDays(addMonthsToDay(start, months + rng.int(6)), -1);
  }
  const first = rng.pick(FIRST);
  const last = `${rng.pick(LAST)} ${rng.pick(LAST)}`;
  const name = `${first} ${last}`;
  const handle = `${plain(first)}.${plain(last.split(" ")[1]!)}.${i + 1}`;
  // R$ 600 to R$ 6.000, in whole reais mostly, some with centavos.
  const rent = (600 + rng.int(5400)) * 100 + (rng.next() < 0.2 ? rng.int(100) : 0);
  const index = rng.next() < 0.85 ? rng.pick(READJUSTMENT_INDEXES) : undefined;
  const form: Record<string, string> = {
    name,
    email: `${handle}@inquilino.exemplo.com.br`,
    username: handle,
    phone: `(67) 9${String(8000_0000 + rng.int(1999_9999)).padStart(8, "0")}`,
    cpf_cnpj: cpf(rng),
    // With its CEP (79600-000 to 79649-999, Três Lagoas): the DIMOB needs it.
    property_address: `${rng.pick(STREETS)}, ${10 + rng.int(3000)} - ${rng.pick(NEIGHBORHOODS)}, Três Lagoas - MS, 796${String(rng.int(50)).padStart(2, "0")}-${String(rng.int(1000)).padStart(3, "0")}`,
    contract_start_date: start,
    contract_end_date: end,
    monthly_rent: reais(rent),
    payment_due_day: String(rng.pick(DUE_DAYS)),
    ...(index ? { readjustment_index: index } : {}),
  };
  return { form, keepLogin: i === 0 || rng.next() < o.loginShare };
}

// How a billing due by today was paid: on time (a few days early at most),
// late with the fees of the day it was paid, or not at all. Recent months
// carry most of the open ones; a few old debts stay open for years.
type Payment = { billingId: number; date: string } | null;
function paymentOf(rng: Rng, b: { id: number; due_date: string }, today: string): Payment {
  const recent = b.due_date >= addDays(today, -90);
  const r = rng.next();
  if (r < (recent ? 0.06 : 0.003)) return null;
  if (r < 0.12) {
    const date = addDays(b.due_date, 1 + rng.int(25));
    return { billingId: b.id, date: date > today ? today : date };
  }
  return { billingId: b.id, date: addDays(b.due_date, -rng.int(6)) };
}

const STAND_IN = demoPdf("Recibo de Aluguel", [
  "Recibo da base de carga (npm run seed:scale): os valores estão na cobrança e no",
  "registro do recibo; o PDF de recibos com mais de 90 dias não foi desenhado.",
]);

export type ScaleCounts = Awaited<ReturnType<typeof scaleCounts>>;

// What the seed made, for its report and the test: counts and sums.
export async function scaleCounts(db: DB) {
  const count = async (table: "owners" | "clients" | "billing" | "billing_receipts" | "owner_statements") =>
    Number((await db.selectFrom(table).select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const billing = await db
    .selectFrom("billing")
    .select((eb) => [
      eb.fn.sum<number>("amount_cents").as("billed"),
      eb.fn.sum<number>("amount_paid_cents").as("paid"),
      eb.fn.countAll<number>().as("n"),
    ])
    .select((eb) => eb.fn.count<number>("payment_date").as("paidCount"))
    .executeTakeFirstOrThrow();
  const byStatus = await db
    .selectFrom("billing")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .orderBy("status")
    .execute();
  const logins = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "client")
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("statement_lines")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    owners: await count("owners"),
    clients: await count("clients"),
    billings: await count("billing"),
    receipts: await count("billing_receipts"),
    ownerStatements: await count("owner_statements"),
    statementLines: Number(lines.n),
    tenantLogins: Number(logins.n),
    byStatus: Object.fromEntries(byStatus.map((s) => [s.status, Number(s.n)])),
    billedCents: Number(billing.billed ?? 0),
    paidCents: Number(billing.paid ?? 0),
  };
}

export async function seedScale(db: DB, options: ScaleOptions) {
  const today = options.today ?? localToday();
  const o = {
    years: options.years,
    loginShare: options.loginShare ?? 0.01,
  };
  const recentDays = options.recentReceiptDays ?? RECENT_RECEIPT_DAYS;
  const say = options.progress ?? (() => {});
  const rng = prng(options.seed);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const existing = await db.selectFrom("clients").select("id").limit(1).executeTakeFirst();
  if (existing) throw new Error("o banco já tem clientes: o seed de escala precisa de um banco novo");

  // Owners: 2 for every 5 contracts, each with a CPF, most with an email, a
  // Pix key or a bank account.
  const ownerCount = ownersFor(options.contracts);
  const ownerIds: number[] = [];
  for (let i = 0; i < ownerCount; i++) {
    const first = rng.pick(FIRST);
    const last = `${rng.pick(LAST)} ${rng.pick(LAST)}`;
    const email = `${plain(first)}.${plain(last.split(" ")[0]!)}.${i + 1}@proprietario.exemplo.com.br`;
    const input = ownerSchema.parse({
      name: `${first} ${last}`,
      cpf_cnpj: cpf(rng),
      ...(rng.next() < 0.9 ? { email } : {}),
      phone: `(67) 9${String(8000_0000 + rng.int(1999_9999)).padStart(8, "0")}`,
      ...(rng.next() < 0.7 ? { pix_key: email } : { bank_account: `Banco do Brasil, agência ${1000 + rng.int(8999)}` }),
    });
    ownerIds.push(await createOwner(db, input, null));
  }
  say(`  ${ownerIds.length} proprietários (${elapsed()})`);

  // The indexes' monthly rates (0.2% to 0.8%) up to last month, as staff type
  // them on Índices: the hourly job readjusts the anniversaries to come.
  // Past anniversaries are not applied: every billing keeps the contract's rent.
  const months = (o.years + 2) * 12;
  for (const index of READJUSTMENT_INDEXES)
    for (let k = months; k >= 1; k--)
      await upsertIndexValue(
        db,
        index,
        { month: addMonths(today.slice(0, 7), -k), ratePpm: 2_000 + rng.int(6_000) },
        null,
      );
  say(`  índices: ${months} meses de ${READJUSTMENT_INDEXES.join(", ")} (${elapsed()})`);

  // Tenants and their contracts; every contract month billed.
  const password = scaleTenantPassword(options.seed);
  const passwordHash = await hashPassword(password);
  const clientIds: number[] = [];
  const dropLogin: number[] = [];
  for (let i = 0; i < options.contracts; i++) {
    const plan = contractPlan(i, rng, o, today);
    // The first owners get one contract each; the rest go to owners at random, some with many.
    const owner = i < ownerIds.length ? ownerIds[i]! : ownerIds[Math.floor(rng.next() ** 2 * ownerIds.length)]!;
    const input = newClientSchema.parse({ ...plan.form, password });
    const created = await createClient(db, { ...input, owner_id: owner }, null, { passwordHash });
    if (!created.ok) throw new Error(`${plan.form.username}: ${created.message}`);
    clientIds.push(created.id);
    if (!plan.keepLogin) dropLogin.push(created.id);
    // A lease that ended within the last year was ended by staff on its end
    // day: past it, one not ended runs on (an indefinite term, decision 0066).
    if (plan.form.contract_end_date! < today) {
      const ended = await endContract(
        db,
        created.id,
        { ended_on: plan.form.contract_end_date!, ended_reason: "Fim do prazo" },
        null,
        today,
      );
      if (!ended || !ended.ok) throw new Error(`encerrar ${plan.form.username}`);
    }
    const billed = await generateContractBillings(db, created.id, null);
    if (!billed.ok) throw new Error(`cobranças de ${plan.form.username}: ${billed.reason}`);
    if ((i + 1) % 500 === 0 || i + 1 === options.contracts)
      say(`  ${i + 1}/${options.contracts} contratos com suas cobranças (${elapsed()})`);
  }
  for (const id of dropLogin) await disableClientLogin(db, id, null);
  say(`  logins mantidos: ${clientIds.length - dropLogin.length} (${elapsed()})`);

  // Payments, oldest first so receipt numbers follow the calendar, many to a transaction.
  const due = await db
    .selectFrom("billing")
    .select(["id", "due_date"])
    .where("due_date", "<=", today)
    .orderBy("id")
    .execute();
  const payments = due
    .map((b) => paymentOf(rng, b, today))
    .filter((p): p is NonNullable<Payment> => p !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.billingId - b.billingId));
  const recentFrom = Number.isFinite(recentDays) ? addDays(today, -recentDays) : "";
  const agency = { ...defaultAgency, cnpj: null };
  const issuer: ReceiptIssuer & { today: string } = {
    agency,
    today,
    renderPdf: async (data) => (data.paymentDate >= recentFrom ? renderReceiptPdf(data) : STAND_IN),
  };
  const BATCH = 500;
  for (let from = 0; from < payments.length; from += BATCH) {
    const part = payments.slice(from, from + BATCH);
    const created: string[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const p of part) {
          const paid = await payInTransaction(
            trx,
            p.billingId,
            { payment_date: p.date, amount_paid: null },
            null,
            issuer,
            created,
          );
          if (!paid.ok) throw new Error(`pagamento da cobrança ${p.billingId}: ${paid.reason}`);
        }
      });
    } catch (error) {
      await removePrivateFiles(created);
      throw error;
    }
    const done = Math.min(from + BATCH, payments.length);
    if (done % 20_000 < BATCH || done === payments.length)
      say(`  ${done}/${payments.length} pagamentos com recibo (${elapsed()})`);
  }
  const overdue = await markOverdue(db, today);
  say(`  ${overdue} cobranças em atraso registradas (${elapsed()})`);

  // Last month's transfers done for a few owners (one in fifty), as staff mark them.
  const lastMonth = addMonths(today.slice(0, 7), -1);
  const pending = await allPendingTransfers(db, lastMonth);
  let transfers = 0;
  for (const p of pending.filter((_, i) => i % 50 === 0)) {
    const current = await ownerStatement(db, p.ownerId, lastMonth);
    if (!current || current.final) continue;
    const done = await markTransferDone(
      db,
      p.ownerId,
      lastMonth,
      { transferredOn: today, expectedNetCents: current.statement.netCents },
      null,
      today,
    );
    if (done.ok) transfers++;
  }
  // Their PDFs, as the server draws them just after.
  await drawStatementPdfs(db);
  say(`  ${transfers} repasses de ${lastMonth} feitos (${elapsed()})`);

  // One bank statement imported and left for review: credits for the open
  // billings of the last 90 days (Pix with the txid, a third of them short
  // by R$ 10), and a few credits nobody can place.
  const open = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select(["billing.id", "billing.amount_cents", "billing.due_date", "clients.name"])
    .where("billing.status", "!=", "paid")
    .where("billing.due_date", ">=", addDays(today, -90))
    .where("billing.due_date", "<=", today)
    .orderBy("billing.id")
    .execute();
  const lines: OfxLine[] = open
    .filter((_, i) => i % 2 === 0)
    .map((b, i) => ({
      fitid: `SEED${b.id}`,
      date: b.due_date,
      amountCents: b.amount_cents - (i % 3 === 0 ? 1_000 : 0),
      memo: i % 4 === 0 ? `PIX RECEBIDO - ${plain(b.name).toUpperCase()}` : `PIX RECEBIDO ${billingTxid(b.id)}`,
    }));
  for (let i = 0; i < Math.max(3, Math.round(lines.length / 20)); i++)
    lines.push({
      fitid: `SEEDX${i}`,
      date: addDays(today, -rng.int(30)),
      amountCents: 5_000 + rng.int(200_000),
      memo: `TED RECEBIDA ${i}`,
    });
  if (lines.length > 0) {
    const imported = await importStatement(db, {
      fileName: `extrato-${today}.ofx`,
      bytes: buildOfx({ bankId: "0001", acctId: "ESCALA-1", lines }),
      actor: null,
      issueDays: 20,
      today,
    });
    if (!imported.ok) throw new Error(`extrato do seed: ${imported.message}`);
  }
  say(`  extrato importado: ${lines.length} lançamentos (${elapsed()})`);
  return { today, seconds: (performance.now() - started) / 1000, counts: await scaleCounts(db) };
}

// The statement of the import bench: `credits` credits drawn from the seeded
// billings, newest due dates first (each paid billing's payment as it reached
// the bank; each open one's rent on its due date), a third Pix with the
// txid, a third Pix with the payer's name, a third boleto credits; an OFX
// under the 5 MB upload cap.
export async function scaleStatement(db: DB, credits: number, today: string) {
  const rows = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.amount_cents",
      "billing.amount_paid_cents",
      "billing.due_date",
      "billing.payment_date",
      "clients.name",
    ])
    .where("billing.due_date", "<=", today)
    .orderBy("billing.due_date", "desc")
    .orderBy("billing.id", "desc")
    .limit(credits)
    .execute();
  const lines: OfxLine[] = rows.map((b, i) => ({
    fitid: `B${b.id}`,
    date: b.payment_date ?? b.due_date,
    amountCents: b.amount_paid_cents ?? b.amount_cents,
    memo:
      i % 3 === 0
        ? `PIX ${billingTxid(b.id)}`
        : i % 3 === 1
          ? `PIX ${plain(b.name).toUpperCase().slice(0, 24)}`
          : `BOLETO ${b.id}`,
  }));
  return { bytes: buildOfx({ bankId: "0001", acctId: "ESCALA-2", lines }), credits: lines.length };
}

// Every owner's pending transfer of a month, page after page (the Repasses
// list shows them a page at a time: 0060).
export async function allPendingTransfers(db: Parameters<typeof monthTransfers>[0], month: string) {
  const all = [];
  for (let page = 1; ; page++) {
    const { pending } = await monthTransfers(db, month, { search: "", page, donePage: 1 });
    all.push(...pending.rows);
    if (page >= pending.pages) return all;
  }
}

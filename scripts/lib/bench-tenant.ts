// The benchmark's tenant (npm run bench, "área do cliente"): a client with a
// login and 60 monthly billings, due from almost 5 years ago to 15 days from
// now (inside the 20 days a billing is issued before its due date). Those due
// before today are paid two days early but for the last three, left open (one
// stored as overdue, two pending that read Em Atraso); the one due today and
// the next are pending; the newest 12 carry a boleto PDF, as a tenant who
// pays by boleto would have. Everything goes through the app's own model
// functions, so the rows are the ones the back office writes.
//
// Run by the benchmark with the server's environment (its database and
// uploads folder): `tsx scripts/lib/bench-tenant.ts` prints the login as JSON.
import { randomBytes } from "node:crypto";
import { createBilling } from "#app/models/billing/billing.server";
import { addBillingDocument } from "#app/models/billing/documents.server";
import { registerPayment, setBillingStatus } from "#app/models/billing/payments.server";
import { defaultAgency } from "#app/config/agency";
import { createClient } from "#app/models/clients/clients.server";
import { openDatabase } from "#app/db/db.server";
import { databasePath } from "#app/utils/env.server";
import { localToday, addDays } from "#app/models/shared/days";
import { demoPdf } from "../demo-files";
import { TENANT_LINE } from "./tenant-session";
import { cents } from "#app/models/shared/money";

export const BENCH_BILLINGS = 60;
const WITH_BOLETO = 12;
const LEFT_OPEN = 3;

// "yyyy-mm-dd" moved by whole months, the day kept (every due day here is <= 28).
function monthsFrom(day: string, months: number) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

async function main() {
  const db = openDatabase(databasePath());
  const today = localToday();
  const last = addDays(today, 15);
  const dueDay = Math.min(Number(last.slice(8)), 28);
  const lastDue = `${last.slice(0, 8)}${String(dueDay).padStart(2, "0")}`;
  const dues = Array.from({ length: BENCH_BILLINGS }, (_, i) => monthsFrom(lastDue, i - (BENCH_BILLINGS - 1)));
  const past = dues.filter((d) => d < today);
  const tenant = { username: "bench-inquilino", password: `bench${randomBytes(8).toString("hex")}9` };
  const created = await createClient(
    db,
    {
      name: "Inquilino Benchmark",
      email: "inquilino.bench@example.com",
      username: tenant.username,
      password: tenant.password,
      property_address: "Rua Paranaíba, 1450 - Centro, Três Lagoas - MS",
      contract_start_date: `${dues[0].slice(0, 8)}01`,
      contract_end_date: monthsFrom(lastDue, 12),
      monthly_rent: cents(1_850_00),
      payment_due_day: dueDay,
    },
    null,
  );
  if (!created.ok) throw new Error(`o inquilino do benchmark não foi criado: ${created.message}`);

  const issuer = { agency: { ...defaultAgency, cnpj: null }, today };
  for (const [i, due_date] of dues.entries()) {
    const billing = await createBilling(
      db,
      { client_id: created.id, month_year: due_date.slice(0, 7), amount_cents: cents(1_850_00 + i * 10_00), due_date },
      null,
    );
    if (!billing.ok) throw new Error("a cobrança do benchmark não foi criada");
    const p = past.indexOf(due_date); // -1: due today or later
    if (p !== -1 && p < past.length - LEFT_OPEN)
      await registerPayment(db, billing.id, { payment_date: addDays(due_date, -2), amount_paid: null }, null, issuer);
    else if (p === past.length - LEFT_OPEN) await setBillingStatus(db, billing.id, "overdue", null, issuer);
    if (i >= BENCH_BILLINGS - WITH_BOLETO) {
      const bytes = demoPdf("Boleto Bancário", [`Vencimento: ${due_date}`, "Documento do benchmark: não pague."]);
      const doc = await addBillingDocument(
        db,
        { billingId: billing.id, fileName: `Boleto ${due_date.slice(0, 7)}.pdf`, bytes },
        null,
      );
      if (!doc.ok) throw new Error(`o boleto do benchmark foi recusado: ${doc.reason}`);
    }
  }
  await db.destroy();
  // One marked line: the app's log lines may share stdout.
  console.log(`${TENANT_LINE}${JSON.stringify(tenant)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

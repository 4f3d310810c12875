import { cents } from "#app/models/shared/money";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { addBillingDocument } from "#app/models/billing/documents.server";
import { amountOwedOn, registerPayment, reverseBillingPayments } from "#app/models/billing/payments.server";
import { defaultAgency } from "#app/config/agency";
import { createClient } from "#app/models/clients/clients.server";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { newClientSchema } from "#app/models/clients/client.schema";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { createContract } from "#app/models/contracts/contracts.server";
import { addMaintenanceDocument, updateMaintenanceRequest } from "#app/models/maintenance/admin.server";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { addMaintenanceCost } from "#app/models/maintenance/costs.server";
import { absoluteUrl } from "#app/utils/env.server";
import { addMonths, localToday, monthOf } from "#app/models/shared/days";
import { issueHorizon } from "#app/models/billing/charges";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { sendPaymentProof } from "#app/models/payment-proofs/proofs.server";
import { postDeduction } from "#app/models/owners/owner-entries.server";
import { giveOwnerAccess } from "#app/models/owners/logins.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { demoPdf, demoPhoto } from "./demo-files";

// The demo's rental side (issues 7 and 8): four tenants of Três Lagoas, three
// with a login (two active, one whose contract has ended) and one without,
// each with a contract PDF; the first has maintenance requests, one of them
// answered; three have their monthly billings, paid or overdue, and a boleto.
// Everything goes through the app's own model functions and form schema, so
// the rows are the ones the back office would write. Does nothing once any
// client exists.

type DB = Kysely<Database>;

// "yyyy-mm-dd" moved by whole months, kept on the first of the month (a
// contract starts on the 1st) or on the day before (its last day).
function monthStart(today: string, months: number) {
  const [y, m] = today.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}
function lastDayBefore(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

type DemoClient = {
  form: Record<string, string>;
  login: boolean;
  // How the tenant pays: every month up to today paid, or the last `late`
  // months left open (Em Atraso). Undefined: no billings yet ("Gerar
  // Cobranças do Contrato" is for the admin to try).
  billing?: { late: number };
  // Who owns the property (DEMO_OWNERS).
  owner?: keyof typeof DEMO_OWNERS;
};

// The demo's owners (Proprietários): one with two contracts, one with one.
const DEMO_OWNERS = {
  jose: {
    name: "José Carlos Andrade",
    cpf_cnpj: "39053344705",
    email: "jose.andrade@exemplo.com.br",
    phone: "(67) 99911-2233",
    pix_key: "jose.andrade@exemplo.com.br",
  },
  helena: {
    name: "Helena Duarte Martins",
    cpf_cnpj: "15350946056",
    email: "helena.martins@exemplo.com.br",
    phone: "(67) 99654-7788",
    bank_account: "Banco do Brasil, agência 1234-5, conta corrente 67890-1",
  },
} as const;

function demoClients(today: string): DemoClient[] {
  return [
    {
      login: true,
      billing: { late: 0 },
      form: {
        name: "Mariana Souza Lima",
        email: "mariana.lima@exemplo.com.br",
        username: "mariana.lima",
        phone: "(67) 99876-1234",
        cpf_cnpj: "529.982.247-25",
        property_address: "Rua Paranaíba, 1450, apto 302 - Centro, Três Lagoas - MS",
        contract_start_date: monthStart(today, -8),
        contract_end_date: lastDayBefore(monthStart(today, 22)),
        monthly_rent: "1.850,00",
        payment_due_day: "10",
        readjustment_index: "IGPM",
      },
      owner: "jose",
    },
    {
      login: true,
      billing: { late: 1 },
      form: {
        name: "Pereira Materiais de Construção Ltda",
        email: "financeiro@pereiramateriais.com.br",
        username: "pereira.materiais",
        phone: "(67) 3521-4455",
        cpf_cnpj: "11.222.333/0001-81",
        property_address: "Av. Ranulpho Marques Leal, 2300, sala 4 - Distrito Industrial, Três Lagoas - MS",
        contract_start_date: monthStart(today, -14),
        contract_end_date: lastDayBefore(monthStart(today, 22)),
        monthly_rent: "4.200,00",
        payment_due_day: "5",
        readjustment_index: "IPCA",
      },
      owner: "helena",
    },
    {
      login: true,
      billing: { late: 2 },
      form: {
        name: "Fernanda Alves Rocha",
        email: "fernanda.rocha@exemplo.com.br",
        username: "fernanda.rocha",
        phone: "(67) 99123-4567",
        cpf_cnpj: "111.444.777-35",
        property_address: "Rua Egídio Thomé, 870 - Jardim Alvorada, Três Lagoas - MS",
        contract_start_date: monthStart(today, -32),
        contract_end_date: lastDayBefore(monthStart(today, -2)),
        monthly_rent: "1.200,00",
        payment_due_day: "15",
      },
      owner: "jose",
    },
    {
      login: false,
      form: {
        name: "Roberto Nunes",
        email: "roberto.nunes@exemplo.com.br",
        username: "roberto.nunes",
        phone: "(67) 99234-5678",
        property_address: "Rua Munir Thomé, 300 - Vila Nova, Três Lagoas - MS",
        contract_start_date: monthStart(today, -3),
        contract_end_date: lastDayBefore(monthStart(today, 9)),
        monthly_rent: "950,00",
      },
    },
  ];
}

const br = (day: string) => day.split("-").reverse().join("/");

function contractPdf(form: Record<string, string>, owner: string | undefined) {
  return demoPdf("Contrato de Locação Residencial", [
    `Locatário(a): ${form.name}`,
    `Imóvel: ${form.property_address}`,
    `Locador(a): ${owner ?? "conforme cadastro da imobiliária"}`,
    `Vigência: de ${br(form.contract_start_date)} a ${br(form.contract_end_date)}`,
    `Aluguel mensal: R$ ${form.monthly_rent}, com vencimento todo dia ${form.payment_due_day || "5"}.`,
    "",
    "Documento de demonstração gerado pelo sistema da imobiliária.",
  ]);
}

// The contract's monthly billings: those due by today paid two days early,
// but for the last `late` of them (left pending: they read as Em Atraso);
// the next open one gets its boleto attached.
async function seedBillings(db: DB, clientId: number, late: number, today: string, actor: AuditActor) {
  const generated = await generateContractBillings(db, clientId, actor);
  if (!generated.ok) throw new Error(`cobranças do cliente ${clientId}: ${generated.reason}`);
  const billings = await db
    .selectFrom("billing")
    .select(["id", "due_date", "amount_cents"])
    .where("client_id", "=", clientId)
    .orderBy("due_date")
    .execute();
  const due = billings.filter((b) => b.due_date <= today);
  for (const b of due.slice(0, due.length - late)) {
    const paidOn = new Date(`${b.due_date}T12:00:00Z`);
    paidOn.setUTCDate(paidOn.getUTCDate() - 2);
    // Paid two days early, the rent itself; each gets its numbered receipt.
    const payment_date = paidOn.toISOString().slice(0, 10);
    await registerPayment(db, b.id, { payment_date, amount_paid: null }, actor, {
      agency: { ...defaultAgency, cnpj: null },
      today,
    });
  }
  const next = billings.find((b) => b.due_date > today) ?? billings.at(-1);
  if (!next) return;
  const bytes = demoPdf("Boleto Bancário", [
    `Vencimento: ${br(next.due_date)}`,
    `Valor do documento: R$ ${(next.amount_cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2 })}`,
    "Beneficiário: Lagoa Imóveis (demonstração)",
    "Documento de demonstração: não pague.",
  ]);
  await addBillingDocument(
    db,
    { billingId: next.id, fileName: `Boleto ${next.due_date.slice(0, 7)}.pdf`, bytes },
    actor,
  );
}

// The ledger's cases (issue 35, decision 0061), each on a demo tenant: a
// payment returned by the bank and registered again (a cancelled receipt
// beside the new one); 0,73 paid over (the tenant's credit, spent on the
// next month); part of a late month paid ("Pago parcialmente", its saldo).
async function seedLedgerCases(db: DB, byLate: Map<number, number>, today: string, actor: AuditActor) {
  const issuer = { agency: { ...defaultAgency, cnpj: null }, today };
  const lastPaid = (clientId: number) =>
    db
      .selectFrom("billing")
      .select(["id", "payment_date"])
      .where("client_id", "=", clientId)
      .where("status", "=", "paid")
      .orderBy("due_date", "desc")
      .executeTakeFirst();
  const oldestOpen = (clientId: number) =>
    db
      .selectFrom("billing")
      .select("id")
      .where("client_id", "=", clientId)
      .where("status", "!=", "paid")
      .where("due_date", "<=", today)
      .orderBy("due_date")
      .executeTakeFirst();
  const returned = byLate.has(0) ? await lastPaid(byLate.get(0)!) : undefined;
  if (returned?.payment_date) {
    await reverseBillingPayments(db, returned.id, "Pix devolvido pelo banco", actor, today);
    await registerPayment(db, returned.id, { payment_date: today, amount_paid: null }, actor, issuer);
  }
  const over = byLate.has(1) ? await oldestOpen(byLate.get(1)!) : undefined;
  if (over) {
    const owed = await amountOwedOn(db, over.id, today);
    if (owed)
      await registerPayment(db, over.id, { payment_date: today, amount_paid: cents(owed.total + 73) }, actor, issuer);
  }
  const part = byLate.has(2) ? await oldestOpen(byLate.get(2)!) : undefined;
  if (part) await registerPayment(db, part.id, { payment_date: today, amount_paid: cents(500_00) }, actor, issuer);
  // The same tenant says she paid the other late month ("Já paguei", decision
  // 0063): her proof waits in "Comprovantes a conferir"; it settles nothing.
  const other = byLate.has(2)
    ? await db
        .selectFrom("billing")
        .select("id")
        .where("client_id", "=", byLate.get(2)!)
        .where("status", "!=", "paid")
        .where("due_date", "<=", today)
        .where("id", "!=", part?.id ?? 0)
        .orderBy("due_date")
        .executeTakeFirst()
    : undefined;
  if (other) {
    const sent = await sendPaymentProof(
      db,
      byLate.get(2)!,
      other.id,
      {
        fileName: "comprovante-pix.pdf",
        bytes: demoPdf("Comprovante de transferência Pix", [
          `Data: ${today.split("-").reverse().join("/")}`,
          "Destino: Lagoa Imóveis (demonstração)",
          "Documento de demonstração.",
        ]),
        paid_on: today,
        amount_cents: null,
        note: "Paguei pelo app do banco, segue o comprovante.",
        op_key: `demo-proof-${other.id}`,
      },
      { horizon: issueHorizon(today, getChargingSettings().issueDays), today },
    );
    if (!sent.ok) throw new Error(`comprovante de demonstração: ${sent.reason}`);
  }
}

// The owner's area (decision 0077): last month's transfer made, so the owner
// finds a statement, and a login for the owner. Returns the login to print.
async function seedOwnerArea(db: DB, ownerId: number, today: string, actor: AuditActor) {
  const month = addMonths(monthOf(today), -1);
  const pending = await ownerStatement(db, ownerId, month);
  if (pending && !pending.final && pending.lines.length > 0) {
    const transferredOn = `${monthOf(today)}-05` <= today ? `${monthOf(today)}-05` : today;
    await markTransferDone(
      db,
      ownerId,
      month,
      { transferredOn, expectedNetCents: pending.statement.netCents },
      actor,
      today,
    );
  }
  const given = await giveOwnerAccess(db, ownerId, { username: "jose.andrade" }, actor);
  return given.ok && given.password ? { username: given.username, password: given.password } : null;
}

// An owner's deduction (decision 0064): a repair the agency paid, taken off
// the owner's next transfer with its description.
async function seedOwnerDeduction(db: DB, ownerId: number | undefined, today: string, actor: AuditActor) {
  if (ownerId === undefined) return;
  const posted = await postDeduction(
    db,
    ownerId,
    {
      amountCents: cents(180_00),
      description: "Conserto do chuveiro elétrico (nota nº 1234)",
      onDate: today,
      clientId: null,
      opKey: `demo-deduction-${ownerId}`,
    },
    actor,
    today,
  );
  if (!posted.ok) throw new Error(`desconto de demonstração: ${posted.reason}`);
}

// The staff member shown as uploader: the first master (created by the demo
// seed just before), or "Sistema" when there is none.
async function demoActor(db: DB): Promise<AuditActor> {
  const row = await db
    .selectFrom("users")
    .select(["id", "name"])
    .where("role", "=", "master")
    .orderBy("id")
    .executeTakeFirst();
  return row ?? null;
}

export async function seedDemoClients(db: DB) {
  const existing = await db.selectFrom("clients").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return null;
  const actor = await demoActor(db);
  const today = localToday();
  let printed: { username: string; password: string } | null = null;
  const ids: number[] = [];

  // Parsed first, like a form post (empty fields are left out, as Conform
  // does): a bad demo value stops the seed before anything is written.
  const demos = demoClients(today).map((demo) => ({ ...demo, input: newClientSchema.parse(demo.form) }));
  const owners = new Map<string, number>();
  for (const [key, owner] of Object.entries(DEMO_OWNERS))
    owners.set(key, await createOwner(db, ownerSchema.parse(owner), actor));
  const byLate = new Map<number, number>(); // the tenants with billings, by their months left late
  for (const demo of demos) {
    const owner_id = demo.owner ? owners.get(demo.owner) : undefined;
    const created = await createClient(db, { ...demo.input, owner_id }, actor);
    if (!created.ok) throw new Error(`${demo.form.username}: ${created.message}`);
    ids.push(created.id);
    if (!demo.login) await disableClientLogin(db, created.id, actor);
    else if (!printed && created.password) printed = { username: demo.form.username, password: created.password };
    const slug = demo.form.username.replace(/\W+/g, "-");
    const contract = await createContract(
      db,
      {
        clientId: created.id,
        fileName: `Contrato de Locação - ${slug}.pdf`,
        bytes: contractPdf(demo.form, demo.owner && DEMO_OWNERS[demo.owner].name),
      },
      actor,
    );
    if (!contract.ok) throw new Error(`contrato de ${demo.form.username}: ${contract.reason}`);
    if (demo.billing) {
      await seedBillings(db, created.id, demo.billing.late, today, actor);
      byLate.set(demo.billing.late, created.id);
    }
  }
  await seedLedgerCases(db, byLate, today, actor);
  await seedOwnerDeduction(db, owners.values().next().value, today, actor);
  const ownerLogin = await seedOwnerArea(db, owners.get("jose")!, today, actor);

  // The first tenant's requests: one answered with a note and a report, one open.
  const [first] = ids;
  const leak = await createMaintenanceRequest(
    db,
    first,
    {
      title: "Vazamento na pia da cozinha",
      category: "plumbing",
      priority: "high",
      description: "Água escorrendo por baixo da pia desde ontem à noite; o armário está molhado.",
    },
    [await demoPhoto("Pia da cozinha", "#2563eb"), await demoPhoto("Armário molhado", "#0891b2")],
  );
  await updateMaintenanceRequest(
    db,
    leak,
    {
      status: "completed",
      priority: "high",
      admin_notes: "Sifão e vedação trocados pelo encanador parceiro. Relatório anexado.",
    },
    actor,
  );
  await addMaintenanceDocument(
    db,
    {
      requestId: leak,
      fileName: "Relatório de manutenção - pia.pdf",
      bytes: demoPdf("Relatório de Manutenção", [
        "Serviço: troca do sifão e da vedação da pia da cozinha.",
        "Situação: concluído, sem custo para o locatário.",
      ]),
    },
    actor,
  );
  const socket = await createMaintenanceRequest(
    db,
    first,
    {
      title: "Tomada sem energia no quarto",
      category: "electrical",
      priority: "medium",
      description: "A tomada ao lado da cama parou de funcionar; as outras do quarto estão normais.",
    },
    [],
  );
  // Its repair costs more than the owner's limit (R$ 500,00): the owner's
  // area asks for the approval (decision 0077).
  await addMaintenanceCost(
    db,
    socket,
    { description: "Troca da fiação do quarto e da tomada, Eletricista Souza", amountCents: cents(65_000) },
    actor,
  );
  if (printed) {
    console.log("  Clientes de demonstração criados (área do cliente):");
    console.log(`    usuário: ${printed.username}   senha: ${printed.password}`);
    console.log(`    entre em ${absoluteUrl("/client-login")}`);
    console.log("");
  }
  if (ownerLogin) {
    console.log("  Proprietário de demonstração (área do proprietário):");
    console.log(`    usuário: ${ownerLogin.username}   senha: ${ownerLogin.password}`);
    console.log(`    entre em ${absoluteUrl("/client-login")}`);
    console.log("");
  }
  return { clients: ids.length, login: printed };
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { queueOverdueReminders, reminderKey } from "#app/models/billing/bulk-reminders.server";
import { chargesOn } from "#app/models/billing/charges";
import { listBillingNotices } from "#app/models/billing/notices.server";
import { billingTxid, pixPayload } from "#app/models/billing/pix";
import { createClient } from "#app/models/clients/clients.server";
import { formatDay } from "#app/models/clients/status";
import { addDays, localToday } from "#app/models/shared/days";
import { cents, formatBRL } from "#app/models/shared/money";
import { action } from "#app/routes/admin/clients/billing-reminders";
import { staffContext } from "#app/utils/staff-context";
import { readToast } from "#app/utils/toast.server";
import { readOutbox } from "#tests/fixtures/eml";
import { tempDatabase } from "#tests/fixtures/temp-db";

// "Enviar lembrete por email aos selecionados" on Em atraso (issue 34, bulk
// actions): one reminder per selected overdue billing through the outbox,
// once a day (posted twice, nothing new the second time), each refusal
// counted by its reason; through the model and through the route's own
// action with a form body as a browser sends it.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "it-reminders-"));
const outbox = path.join(root, "outbox");
// Before the first getEnv(), which caches the environment.
vi.stubEnv("OUTBOX_DIR", outbox);
vi.stubEnv("UPLOADS_DIR", path.join(root, "uploads"));
vi.stubEnv("SMTP_URL", "");
vi.stubEnv("APP_URL", "http://imobiliaria.test");
vi.stubEnv("AGENCY_NAME", "Imobiliária Lago Azul");
const pix = { key: "12345678000195", name: "Imobiliaria Lago Azul", city: "Tres Lagoas" };
vi.stubEnv("AGENCY_PIX_KEY", pix.key);

const settings = { issueDays: 20, pix, cnpj: null };
const staff = { id: 0, name: "Equipe Cobrança" };

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let context: RouterContextProvider;
// Due well before any "today" of this file: overdue whatever day it runs.
const DUE = "2025-02-05";
const b: Record<"stored" | "pending" | "paid" | "future" | "noEmail", number> = {
  stored: 0,
  pending: 0,
  paid: 0,
  future: 0,
  noEmail: 0,
};

let seq = 0;
async function tenant(name: string) {
  seq += 1;
  const created = await createClient(
    db,
    {
      name,
      email: `inquilino${seq}@teste.com.br`,
      username: `lembrete${seq}`,
      password: "senha-forte-123",
      payment_due_day: 5,
    },
    null,
  );
  if (!created.ok) throw new Error(created.message);
  // The contract's late fee and interest (10%, 1% a month).
  await db
    .updateTable("clients")
    .set({ late_fee_bp: 1000, monthly_interest_bp: 100 })
    .where("id", "=", created.id)
    .execute();
  return created.id;
}
async function billing(clientId: number, due: string) {
  const created = await createBilling(
    db,
    { client_id: clientId, month_year: due.slice(0, 7), amount_cents: cents(150_000), due_date: due },
    null,
  );
  if (!created.ok) throw new Error("billing");
  return created.id;
}

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-reminders-"));
  // The route's action uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  const account = { username: "cobranca", email: "cobranca@teste.com.br", name: staff.name, role: "admin" } as const;
  staff.id = await createUser(db, { ...account, password: "senha-forte-123" }, null);
  // What the admin layout's guard puts in the context.
  context = new RouterContextProvider();
  context.set(staffContext, { id: staff.id, ...account, active: true, sessionId: "s" });

  b.stored = await billing(await tenant("Ana Atrasada"), DUE);
  await db.updateTable("billing").set({ status: "overdue" }).where("id", "=", b.stored).execute();
  // Pending and past due: overdue as every view reads it.
  b.pending = await billing(await tenant("Bruno Pendente"), DUE);
  b.paid = await billing(await tenant("Carla Pagou"), DUE);
  await db
    .updateTable("billing")
    .set({ status: "paid", payment_date: DUE, amount_paid_cents: cents(150_000) })
    .where("id", "=", b.paid)
    .execute();
  b.future = await billing(await tenant("Davi Em Dia"), "2099-10-05");
  const noEmail = await tenant("Eva Sem Email");
  b.noEmail = await billing(noEmail, DUE);
  // An older record without an address (the form requires one today).
  await db.updateTable("clients").set({ email: "" }).where("id", "=", noEmail).execute();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

const queuedCount = async () =>
  (await db.selectFrom("email_outbox").select("id").where("status", "=", "queued").execute()).length;
const reminders = (day?: string) =>
  db
    .selectFrom("email_outbox")
    .select(["dedupe_key", "ref", "to_address", "subject", "text", "kind"])
    .where("kind", "=", "billing_overdue_reminder")
    .where("dedupe_key", "like", day ? `billing-reminder:%:${day}` : "billing-reminder:%")
    .orderBy("id")
    .execute();
const audits = () =>
  db
    .selectFrom("audit_log")
    .select(["entity_id", "actor_name", "changes"])
    .where("action", "=", "remind")
    .orderBy("id")
    .execute();

describe("queueOverdueReminders", () => {
  const DAY = "2025-03-10";
  const all = () => [b.stored, b.pending, b.paid, b.future, b.noEmail, 999_999];

  it("queues one email per overdue billing with an address, and counts every refusal", async () => {
    const outcome = await queueOverdueReminders(db, all(), staff, { today: DAY, settings });
    expect(outcome).toEqual({ sent: 2, already: 0, refused: { missing: 1, "not-overdue": 2, "no-email": 1 } });
    const rows = await reminders(DAY);
    expect(rows.map((r) => [r.dedupe_key, r.ref, r.to_address])).toEqual([
      [reminderKey(b.stored, DAY), `billing:${b.stored}`, "inquilino1@teste.com.br"],
      [reminderKey(b.pending, DAY), `billing:${b.pending}`, "inquilino2@teste.com.br"],
    ]);
    // The amount due that day (rent, 10% late fee, 33 days of 1% a month)
    // and its Pix, as the WhatsApp reminder and the tenant's tab compute them.
    const charges = chargesOn(
      { amount_cents: cents(150_000), due_date: DUE, grace_until: DUE, late_fee_bp: 1000, monthly_interest_bp: 100 },
      DAY,
    );
    expect(charges.total).toBe(166_650);
    const [ana] = rows;
    expect(ana.subject).toBe("Lembrete: aluguel de fevereiro de 2025 em atraso");
    expect(ana.text).toContain(`Total a pagar hoje: ${formatBRL(charges.total)}`);
    expect(ana.text).toContain(pixPayload(pix, charges.total, billingTxid(b.stored)));
    expect(ana.text).toContain("Imobiliária Lago Azul");
    // One audit row per queued reminder, on its billing, as the staff member.
    expect(await audits()).toEqual([
      {
        entity_id: String(b.stored),
        actor_name: staff.name,
        changes: JSON.stringify({ email: [null, "inquilino1@teste.com.br"], amount_due_cents: [null, 166_650] }),
      },
      {
        entity_id: String(b.pending),
        actor_name: staff.name,
        changes: JSON.stringify({ email: [null, "inquilino2@teste.com.br"], amount_due_cents: [null, 166_650] }),
      },
    ]);
    // The billing's own page lists it among its emails.
    expect((await listBillingNotices(db, b.stored)).map((n) => n.label)).toEqual(["Lembrete de atraso"]);
  });

  it("the same day again: nothing new, said as already sent; the next day, one more each", async () => {
    const again = await queueOverdueReminders(db, all(), staff, { today: DAY, settings });
    expect(again).toEqual({ sent: 0, already: 2, refused: { missing: 1, "not-overdue": 2, "no-email": 1 } });
    expect(await reminders(DAY)).toHaveLength(2);
    expect(await audits()).toHaveLength(2);

    const next = addDays(DAY, 1);
    const tomorrow = await queueOverdueReminders(db, [b.stored, b.pending], staff, { today: next, settings });
    expect(tomorrow).toMatchObject({ sent: 2, already: 0 });
    expect(await reminders(next)).toHaveLength(2);
  });
});

// The route's action, as the queue's form posts it.
async function post(pairs: [string, string][]) {
  const request = new Request("http://localhost/admin/clients/cobrancas/lembretes", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(pairs).toString(),
  });
  const response = await action({ request, context, params: {} } as unknown as Parameters<typeof action>[0]);
  if (!(response instanceof Response)) throw new Error("expected a redirect");
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("toast="))!
    .split(";")[0];
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return { status: response.status, location: response.headers.get("Location"), toast };
}

describe("the route's action", () => {
  const today = localToday();
  const back = "/admin/clients?aba=cobrancas&busca=Atrasada&pagina=2";
  const picked = (): [string, string][] => [
    ["busca", "Atrasada"],
    ["pagina", "2"],
    ["cobranca", String(b.stored)],
    ["cobranca", String(b.paid)],
    ["cobranca", String(b.noEmail)],
    ["cobranca", "999999"],
    ["cobranca", "abc"],
    // "Selecionar todas desta página": the page's rows.
    ["toda-pagina", "1"],
    ["na-pagina", String(b.stored)],
    ["na-pagina", String(b.pending)],
  ];

  it("sends, then back to the same page of the queue with what happened", async () => {
    const first = await post(picked());
    expect(first).toMatchObject({ status: 302, location: back });
    expect(first.toast).toMatchObject({
      type: "error",
      title: "Lembretes por email",
      description: "2 lembretes enviados. 4 recusados: 1 sem email, 1 não está em atraso, 2 não encontradas.",
    });
    expect((await reminders(today)).map((r) => r.dedupe_key)).toEqual([
      reminderKey(b.stored, today),
      reminderKey(b.pending, today),
    ]);
    // Kicked at once: the outbox sends them (.eml files without SMTP).
    await expect.poll(queuedCount, { timeout: 10_000 }).toBe(0);
    const mails = readOutbox(outbox).filter((m) => m.text.includes(`Valor para pagamento hoje, ${formatDay(today)}:`));
    expect(mails.map((m) => m.to).sort()).toEqual(["inquilino1@teste.com.br", "inquilino2@teste.com.br"]);
  });

  it("posted twice the same day: nothing new, and the toast says so", async () => {
    const rowsBefore = await db.selectFrom("email_outbox").select("id").execute();
    const second = await post(picked());
    expect(second).toMatchObject({ status: 302, location: back });
    expect(second.toast?.description).toBe(
      "2 já enviados hoje. 4 recusados: 1 sem email, 1 não está em atraso, 2 não encontradas.",
    );
    expect(await db.selectFrom("email_outbox").select("id").execute()).toEqual(rowsBefore);
  });

  it("refuses a forged post above the cap or with a field sent twice, and sends nothing", async () => {
    const rowsBefore = await db.selectFrom("email_outbox").select("id").execute();
    const many = Array.from({ length: 101 }, (): [string, string] => ["cobranca", String(b.pending)]);
    const tooMany = await post(many);
    expect(tooMany).toMatchObject({ status: 302, location: "/admin/clients?aba=cobrancas" });
    expect(tooMany.toast).toMatchObject({
      type: "error",
      description: "Selecione no máximo 100 cobranças por vez.",
    });
    const doubled = await post([
      ["toda-pagina", "1"],
      ["toda-pagina", "1"],
      ["na-pagina", String(b.stored)],
    ]);
    expect(doubled.toast?.title).toBe("Nenhum lembrete enviado");
    const nothing = await post([]);
    expect(nothing.toast).toMatchObject({ type: "info", description: "Nenhuma cobrança selecionada." });
    expect(await db.selectFrom("email_outbox").select("id").execute()).toEqual(rowsBefore);
  });
});

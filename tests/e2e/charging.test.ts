import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { periodLabel } from "#app/models/billing/months";
import { localToday, addDays, addMonths, daysBetween, monthOf } from "#app/models/shared/days";
import { inGraceOn } from "#tests/fixtures/business-days";
import { appDb } from "#tests/fixtures/db";
import { readOutbox } from "#tests/fixtures/eml";
import { expect, test } from "#tests/fixtures/test";
import { E2E_ENV } from "#tests/setup/e2e-env";
import { E2E_OUTBOX } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";

// Charging the rent (issue 19), as the tenant and the staff live it: a
// contract started two months ago with its whole plan generated; the tenant sees
// the overdue bills with their itemized totals and Pix, never one due more
// than 20 days ahead; staff register one payment; the tenant downloads its
// receipt; `npm run jobs:run` twice leaves each notice once in the outbox.

const run = promisify(execFile);
const toast = (page: Page) => page.getByTestId("toast");

// The operators' command, against the e2e server's database and outbox.
async function jobsRun() {
  const { stdout } = await run("npx", ["tsx", "scripts/jobs-run.ts"], {
    env: { ...process.env, ...E2E_ENV, NODE_ENV: "production" },
  });
  return stdout;
}

const brl = (cents: number) =>
  `R$ ${Math.trunc(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`;

for (const js of [true, false]) {
  test(`the tenant sees what to pay today, pays with Pix or boleto, and gets the receipt (JavaScript ${js ? "on" : "off"})`, async ({
    newContext,
    createClient,
    signInClient,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    const today = localToday();
    // From the 1st of the month before last: whole months from the start
    // (pro rata by days only when a lease starts mid-month), the oldest due
    // 32 to 83 days ago (within the 90 days of overdue notices). The due day
    // (from the 10th, never clamped) leaves no billing in the grace after a
    // weekend or holiday today (past its due date yet Pendente, decision
    // 0066): each one is either late or not yet due.
    const thisMonth = monthOf(today);
    const dueDay = Array.from({ length: 19 }, (_, i) => 10 + i).find((day) =>
      [-1, 0].every((k) => !inGraceOn(`${addMonths(thisMonth, k)}-${String(day).padStart(2, "0")}`, today)),
    )!;
    const client = await createClient({
      contract_start_date: `${addMonths(thisMonth, -2)}-01`,
      contract_end_date: addDays(today, 300),
      monthly_rent: cents(150_000),
      payment_due_day: dueDay,
    });
    const generated = await generateContractBillings(appDb(), client.id, null);
    if (!generated.ok) throw new Error("plan");
    const billings = await appDb()
      .selectFrom("billing")
      .select(["id", "due_date", "grace_until", "month_year", "amount_cents"])
      .where("client_id", "=", client.id)
      .orderBy("due_date")
      .execute();
    // Late: past the grace day (the due date, or the next business day).
    const overdue = billings.filter((b) => b.grace_until < today);
    expect(overdue.every((b) => b.due_date < today && b.amount_cents === 150_000)).toBe(true);
    expect(billings.filter((b) => b.due_date < today)).toEqual(overdue);
    const issuedOpen = billings.filter((b) => b.due_date >= today && daysBetween(today, b.due_date) <= 20);
    const ahead = billings.filter((b) => daysBetween(today, b.due_date) > 20);
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    expect(ahead.length).toBeGreaterThan(0);

    await jobsRun();
    await jobsRun();

    const tenant = await newContext({ javaScriptEnabled: js });
    await signInClient(client, tenant);
    const page = await tenant.newPage();
    await page.goto("/client-area?tab=cobranca");
    const cards = page.getByTestId("open-billing");
    await expect(cards).toHaveCount(overdue.length + issuedOpen.length);
    // The oldest first: 1.500,00 late by D days (from its grace day) is 150,00 of multa and 0,50 a day of juros.
    const oldest = overdue[0];
    const days = daysBetween(oldest.grace_until, today);
    const first = cards.first();
    await expect(first.getByRole("heading", { level: 3 })).toHaveText(`Aluguel de ${periodLabel(oldest.month_year)}`);
    await expect(first).toContainText(`${days} ${days === 1 ? "dia" : "dias"} em atraso`);
    const charges = first.getByTestId("charges");
    await expect(charges).toContainText("AluguelR$ 1.500,00");
    await expect(charges).toContainText("Multa (10%)R$ 150,00");
    await expect(charges).toContainText(`Juros (${days} dias)${brl(50 * days)}`);
    await expect(charges).toContainText(`Total a pagar hoje${brl(165_000 + 50 * days)}`);
    // Pix: the QR Code drawn on the server and the Copia e Cola text for that total.
    const qr = first.getByTestId("pix-qr");
    await expect(qr).toBeVisible();
    // A drawn image, not a broken one.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const qrUrl = (await qr.getAttribute("src"))!;
    const image = await tenant.request.get(qrUrl);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    const payload = await first.getByLabel("Pix Copia e Cola").inputValue();
    expect(payload).toMatch(/^000201/);
    expect(payload).toContain("br.gov.bcb.pix");
    const total = 165_000 + 50 * days;
    const amount = `${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`;
    expect(payload).toContain(`54${String(amount.length).padStart(2, "0")}${amount}`);
    await expect(first.getByRole("button", { name: "Copiar" })).toHaveCount(js ? 1 : 0);
    // Never a billing due more than 20 days ahead, open or in the history.
    for (const b of ahead) await expect(page.getByText(b.due_date.split("-").reverse().join("/"))).toHaveCount(0);

    // Staff register the oldest one's payment with the proposed values.
    const staff = await newContext({ javaScriptEnabled: js });
    await signInAs("admin", staff);
    const admin = await staff.newPage();
    await admin.goto(`/admin/clients/cobrancas/${oldest.id}`);
    await expect(admin.getByLabel("Valor recebido (R$)")).toHaveValue(brl(165_000 + 50 * days).slice(3));
    // A day after today is refused beside its field, the typed amount kept, nothing written.
    const proposedDate = await admin.getByLabel("Data do pagamento").inputValue();
    await admin.getByLabel("Data do pagamento").fill(addDays(today, 1));
    await admin.getByLabel("Valor recebido (R$)").fill("1.234,56");
    await admin.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(admin.getByText("A data do pagamento não pode ser depois de hoje.")).toBeVisible();
    await expect(admin.getByLabel("Valor recebido (R$)")).toHaveValue("1.234,56");
    expect(
      await appDb().selectFrom("billing_receipts").select("id").where("billing_id", "=", oldest.id).execute(),
    ).toEqual([]);
    await admin.getByLabel("Data do pagamento").fill(proposedDate);
    await admin.getByLabel("Valor recebido (R$)").fill(brl(165_000 + 50 * days).slice(3));
    await admin.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(toast(admin)).toContainText("Pagamento registrado!");
    const receipt = await appDb()
      .selectFrom("billing_receipts")
      .select(["id", "total_cents"])
      .where("billing_id", "=", oldest.id)
      .where("voided_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(receipt.total_cents).toBe(165_000 + 50 * days);
    await expect(toast(admin)).toContainText(`Recibo nº ${receipt.id}`);

    // The tenant: one open bill fewer, and the receipt in the history.
    await page.reload();
    await expect(cards).toHaveCount(overdue.length + issuedOpen.length - 1);
    const link = page.getByRole("link", { name: `Recibo nº ${receipt.id}` });
    await expect(link).toBeVisible();
    const response = await tenant.request.get(`/arquivos/recibos/${receipt.id}?download=1`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // Another tenant, and an anonymous visitor, get the site's 404.
    const stranger = await createClient();
    const strangerContext = await newContext();
    await signInClient(stranger, strangerContext);
    for (const request of [strangerContext.request, (await newContext()).request]) {
      expect((await request.get(`/arquivos/recibos/${receipt.id}?download=1`)).status()).toBe(404);
      expect((await request.get(qrUrl)).status()).toBe(404);
    }
    // A paid billing has no Pix code any more.
    expect((await tenant.request.get(qrUrl)).status()).toBe(404);

    // Notices: two runs before the payment, one after: each notice once.
    await jobsRun();
    const mail = readOutbox(E2E_OUTBOX).filter((m) => m.to.includes(client.email));
    const count = (pattern: RegExp) => mail.filter((m) => pattern.test(m.subject)).length;
    expect(count(/^Cobrança em atraso/)).toBe(overdue.length);
    expect(count(/^(Cobrança disponível|Lembrete)/)).toBe(issuedOpen.length);
    expect(count(new RegExp(`^Recibo de Aluguel nº ${receipt.id}$`))).toBe(1);
    expect(mail).toHaveLength(overdue.length + issuedOpen.length + 1);
    const lateNotice = mail.find((m) => m.subject.startsWith("Cobrança em atraso"))!;
    expect(lateNotice.text).toContain("Total a pagar hoje");
    expect(lateNotice.text).toContain("/client-area");

    // The staff's billing page lists the notices sent.
    await admin.goto(`/admin/clients/cobrancas/${oldest.id}`);
    await expect(admin.getByTestId("billing-notices")).toContainText("enviado em");
  });
}

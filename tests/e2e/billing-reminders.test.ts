import type { Page } from "@playwright/test";
import { readOutbox } from "#tests/fixtures/eml";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_OUTBOX } from "#tests/setup/paths";

// "Enviar lembrete por email aos selecionados" on Em atraso (issue 34, bulk
// actions; docs/decisions/0057-lists-as-queries.md, "Bulk reminders"): staff
// tick overdue tenants, send, read what happened in the toast, and each
// tenant gets one email (the .eml files of a run without SMTP); sent again
// the same day, nothing new goes. Three overdue tenants of their own, found
// by the queue's search (the e2e database holds other tests' clients).

const SUBJECT = "Lembrete: aluguel de março de 2020 em atraso";
const send = (page: Page) => page.getByRole("button", { name: "Enviar lembrete por email aos selecionados" }).click();
const remindersTo = (email: string) =>
  readOutbox(E2E_OUTBOX).filter((m) => m.to.includes(email) && m.subject === SUBJECT);

async function overdueTenants(
  createClient: (v: { name: string }) => Promise<{ id: number; name: string; email: string }>,
  createBilling: (id: number, v: { month_year: string; due_date: string }) => Promise<unknown>,
) {
  const tag = `Lembrete ${uniq()}`;
  const made = [];
  for (const first of ["Ana", "Bruno", "Caio"]) {
    const client = await createClient({ name: `${tag} ${first}` });
    await createBilling(client.id, { month_year: "2020-03", due_date: "2020-03-05" });
    made.push(client);
  }
  return { tag, tenants: made };
}
const box = (page: Page, name: string) => page.getByRole("checkbox", { name: `Selecionar ${name}, março de 2020` });

test("without JavaScript, on a phone: two ticked tenants get one reminder each, once a day", async ({
  admin,
  newContext,
  signIn,
  createClient,
  createBilling,
}) => {
  const { tag, tenants } = await overdueTenants(createClient, createBilling);
  const [ana, bruno, caio] = tenants;
  // On a phone: the rows are stacked cards, the box beside the tenant's name.
  const context = await newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients?aba=cobrancas&busca=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId("billing-row")).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await box(page, ana.name).check();
  await box(page, bruno.name).check();
  await send(page);
  await expect(page.getByTestId("toast")).toContainText("2 lembretes enviados.");
  // Back on the same queue, its search kept.
  await expect(page).toHaveURL(/\/admin\/clients\?aba=cobrancas&busca=[^&]+$/);
  expect(new URL(page.url()).searchParams.get("busca")).toBe(tag);
  await expect(page.getByTestId("billing-row")).toHaveCount(3);

  // Sent at once (the outbox's kick): one email each, with the amount due
  // today and the Pix code; none to the tenant left unticked.
  await expect.poll(() => remindersTo(ana.email).length + remindersTo(bruno.email).length).toBe(2);
  const [mail] = remindersTo(ana.email);
  expect(mail.text).toContain("ainda não consta como pago");
  expect(mail.text).toMatch(/Total a pagar hoje: R\$ [\d.]+,\d{2}/);
  expect(mail.text).toMatch(/Pix Copia e Cola \(R\$ [\d.]+,\d{2}\)[^]*000201/);
  expect(mail.text).toContain("Atenciosamente,");
  expect(remindersTo(caio.email)).toEqual([]);

  // The same day again: nothing new, and the toast says so.
  await box(page, ana.name).check();
  await box(page, caio.name).check();
  await send(page);
  await expect(page.getByTestId("toast")).toContainText("1 lembrete enviado. 1 já enviado hoje.");
  await expect.poll(() => remindersTo(caio.email).length).toBe(1);
  expect(remindersTo(ana.email)).toHaveLength(1);
});

test("with JavaScript: 'Selecionar todas desta página' ticks the rows, and what is sent is what is ticked", async ({
  admin,
  newContext,
  signIn,
  createClient,
  createBilling,
}) => {
  const { tag, tenants } = await overdueTenants(createClient, createBilling);
  const [ana, bruno, caio] = tenants;
  const context = await newContext({ javaScriptEnabled: true });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients?aba=cobrancas&busca=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId("billing-row")).toHaveCount(3);

  const all = page.getByRole("checkbox", { name: "Selecionar todas desta página" });
  await all.check();
  for (const t of tenants) await expect(box(page, t.name)).toBeChecked();
  await box(page, caio.name).uncheck();
  await expect(all).not.toBeChecked();
  await send(page);
  await expect(page.getByTestId("toast")).toContainText("2 lembretes enviados.");
  await expect.poll(() => remindersTo(ana.email).length + remindersTo(bruno.email).length).toBe(2);
  expect(remindersTo(caio.email)).toEqual([]);
});

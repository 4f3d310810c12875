import type { Page } from "@playwright/test";
import { defaultAgency } from "#app/config/agency";
import { periodLabel } from "#app/models/billing/months";
import { registerPayment } from "#app/models/billing/payments.server";
import { formatDay } from "#app/models/clients/status";
import { PROOF_MESSAGES } from "#app/models/payment-proofs/proofs.schema";
import { addDays, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { sampleJpeg } from "#tests/fixtures/rental";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// "Já paguei" (issue 35; docs/decisions/0063-payment-proofs.md) with
// JavaScript off, as every form must work: the tenant reads the account
// statement, sends a proof for an open billing (a file that is no PDF
// refused on its field; the same form posted again stores nothing more), the
// billing stays Pendente; staff find it from the dashboard in "Comprovantes a
// conferir", refuse one with its reason (the tenant reads it), mark the next
// as checked, and open the billing's Registrar pagamento with the tenant's
// day and amount proposed.
test.use({ javaScriptEnabled: false });

const toast = (page: Page) => page.getByTestId("toast");
const TODAY = localToday();
const proofsOf = (billingId: number) =>
  appDb()
    .selectFrom("payment_proofs")
    .select(["id", "status", "refusal_reason", "amount_cents", "paid_on", "mime_type"])
    .where("billing_id", "=", billingId)
    .orderBy("id")
    .execute();

test("the tenant sends a proof, staff refuse it with a reason, then check the next one", async ({
  page,
  newContext,
  signInAs,
  createClient,
  createBilling,
  signInClient,
}) => {
  // Two people, a dozen pages and three uploads: longer than one page's test.
  test.slow();
  const client = await createClient({ name: `Inquilina Comprovante ${uniq()}` });
  // Last month's, paid on its due day; this month's, open and not yet due.
  const lastDue = addDays(TODAY, -25);
  const paid = await createBilling(client.id, {
    month_year: lastDue.slice(0, 7),
    due_date: lastDue,
    amount_cents: cents(125_000),
  });
  const due = addDays(TODAY, 5);
  const open = await createBilling(client.id, {
    month_year: due.slice(0, 7) === lastDue.slice(0, 7) ? addDays(TODAY, 40).slice(0, 7) : due.slice(0, 7),
    due_date: due,
    amount_cents: cents(125_000),
  });
  const paidResult = await registerPayment(
    appDb(),
    paid.id,
    { payment_date: lastDue, amount_paid: cents(125_000) },
    null,
    { agency: { ...defaultAgency, cnpj: "12.345.678/0001-95" } },
  );
  expect(paidResult.ok).toBe(true);
  await signInClient(client);

  // Extrato da conta: each charge and payment with the balance after it, newest first.
  await page.goto("/client-area?tab=cobranca");
  await expect(page.getByTestId("account-balance")).toHaveText("Saldo em aberto: R$ 1.250,00");
  const lines = page.getByTestId("account-line");
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(`Aluguel de ${periodLabel(open.month_year)}`);
  await expect(lines.nth(0)).toContainText("+ R$ 1.250,00");
  await expect(lines.nth(0)).toContainText("saldo R$ 1.250,00");
  await expect(lines.nth(1)).toContainText("Pagamento recebido");
  await expect(lines.nth(1)).toContainText("− R$ 1.250,00");
  await expect(lines.nth(1)).toContainText(formatDay(lastDue));
  await expect(lines.nth(2)).toContainText(`Aluguel de ${periodLabel(paid.month_year)}`);

  // Já paguei on the open billing.
  const card = page.getByTestId("open-billing");
  await expect(card).toHaveCount(1);
  await card.getByRole("link", { name: "Já paguei" }).click();
  await expect(page).toHaveURL(new RegExp(`/client-area/cobrancas/${open.id}/comprovante$`));
  await expect(
    page.getByRole("heading", { name: `Já paguei: aluguel de ${periodLabel(open.month_year)}` }),
  ).toBeVisible();

  // A ".pdf" that is not one: refused on its field, what was typed kept, nothing stored.
  await page.getByLabel("Comprovante").setInputFiles({
    name: "comprovante.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("isto não é um PDF"),
  });
  await page.getByLabel("Valor pago em R$ (opcional)").fill("1.250,00");
  await page.getByRole("button", { name: "Enviar comprovante" }).click();
  await expect(page.getByText(PROOF_MESSAGES.type)).toBeVisible();
  await expect(page.getByLabel("Valor pago em R$ (opcional)")).toHaveValue("1.250,00");
  expect(await proofsOf(open.id)).toEqual([]);

  // A photo, with the day and the amount.
  const jpeg = await sampleJpeg();
  await page.getByLabel("Comprovante").setInputFiles({ name: "pix.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.getByLabel("Data do pagamento (opcional)").fill(TODAY);
  await page.getByLabel("Observação (opcional)").fill("Pix feito pelo app do banco.");
  const chave = await page.locator('input[name="chave"]').inputValue();
  await page.getByRole("button", { name: "Enviar comprovante" }).click();
  await expect(page).toHaveURL(/\/client-area\?tab=cobranca$/);
  await expect(toast(page)).toContainText(PROOF_MESSAGES.sentTitle);
  const sentState = `Comprovante enviado em ${formatDay(TODAY)} — em análise`;
  await expect(card.getByTestId("proof-state")).toHaveText(sentState);
  // It settles nothing.
  await expect(card).toContainText("Pendente");
  await expect(page.getByTestId("account-balance")).toHaveText("Saldo em aberto: R$ 1.250,00");
  const [first] = await proofsOf(open.id);
  expect(first).toMatchObject({ status: "pending", amount_cents: 125_000, paid_on: TODAY, mime_type: "image/webp" });

  // The same form again (its one-time key): one proof.
  const again = await page.request.post(`/client-area/cobrancas/${open.id}/comprovante`, {
    multipart: { file: { name: "pix.jpg", mimeType: "image/jpeg", buffer: jpeg }, chave },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(await proofsOf(open.id)).toHaveLength(1);

  // Staff: the dashboard's line, the queue.
  const staffContext = await newContext({ javaScriptEnabled: false });
  await signInAs("admin", staffContext);
  const staff = await staffContext.newPage();
  await staff.goto("/admin/dashboard");
  await staff.getByRole("link", { name: /comprovantes? a conferir/ }).click();
  await expect(staff).toHaveURL(/\/admin\/comprovantes$/);
  await expect(staff.getByRole("heading", { name: "Comprovantes a conferir", level: 1 })).toBeVisible();
  const row = staff.getByTestId("proof-row").filter({ hasText: client.name });
  await expect(row).toContainText(periodLabel(open.month_year));
  await expect(row).toContainText(/Em aberto hoje\s*R\$\s1\.250,00/);
  await expect(row).toContainText(`${formatDay(TODAY)}`);
  await expect(row).toContainText("Pix feito pelo app do banco.");
  const fileHref = await row.getByRole("link", { name: /Ver comprovante/ }).getAttribute("href");
  const file = await staff.request.get(fileHref!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");
  // The tenant reads their own file too.
  expect((await page.request.get(fileHref!)).status()).toBe(200);

  // Recusar: a blank reason is refused under the row; then with the reason.
  await row.getByText("Recusar", { exact: true }).click();
  await row.getByLabel("Motivo da recusa (o inquilino vê)").fill("   ");
  await row.getByRole("button", { name: "Recusar comprovante" }).click();
  await expect(row.getByText(PROOF_MESSAGES.reason)).toBeVisible();
  expect((await proofsOf(open.id))[0].status).toBe("pending");
  const why = "A foto não mostra o valor nem a data.";
  await row.getByLabel("Motivo da recusa (o inquilino vê)").fill(why);
  await row.getByRole("button", { name: "Recusar comprovante" }).click();
  await expect(toast(staff)).toContainText("Comprovante recusado");
  await expect(staff.getByTestId("proof-row").filter({ hasText: client.name })).toHaveCount(0);

  // The tenant reads the reason and sends another.
  await page.goto("/client-area?tab=cobranca");
  await expect(card.getByTestId("proof-state")).toContainText("recusado");
  await expect(card.getByTestId("proof-state")).toContainText(`Motivo: ${why}`);
  await card.getByRole("link", { name: "Enviar outro comprovante" }).click();
  await page.getByLabel("Comprovante").setInputFiles({ name: "pix.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.getByLabel("Data do pagamento (opcional)").fill(TODAY);
  await page.getByLabel("Valor pago em R$ (opcional)").fill("1.250,00");
  await page.getByRole("button", { name: "Enviar comprovante" }).click();
  await expect(card.getByTestId("proof-state")).toHaveText(sentState);

  // Staff mark it checked; Registrar pagamento proposes the tenant's day and amount.
  await staff.goto("/admin/comprovantes");
  const next = staff.getByTestId("proof-row").filter({ hasText: client.name });
  const payHref = await next.getByRole("link", { name: "Registrar pagamento" }).getAttribute("href");
  await next.getByRole("button", { name: "Marcar como conferido" }).click();
  await expect(toast(staff)).toContainText("Comprovante conferido");
  await expect(staff.getByTestId("proof-row").filter({ hasText: client.name })).toHaveCount(0);
  expect((await proofsOf(open.id)).map((p) => p.status)).toEqual(["refused", "checked"]);
  await page.goto("/client-area?tab=cobranca");
  await expect(card.getByTestId("proof-state")).toContainText("conferido pela imobiliária");
  await expect(card).toContainText("Pendente");

  await staff.goto(payHref!);
  const dialog = staff.getByRole("dialog", { name: `Cobrança de ${periodLabel(open.month_year)}` });
  await expect(dialog.getByLabel("Data do pagamento")).toHaveValue(TODAY);
  await expect(dialog.getByLabel("Valor recebido (R$)")).toHaveValue("1.250,00");
});

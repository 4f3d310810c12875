import fs from "node:fs";
import type { Page } from "@playwright/test";
import { privateFilePath } from "#app/models/files/private-store.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { localToday, addDays, monthOf } from "#app/models/shared/days";
import { appDb, count } from "#tests/fixtures/db";
import { hydrated, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";

// Gestão de Cobranças (issue 8, all but the boleto reader): Nova Cobrança
// with its field errors, Gerar Cobranças do Contrato (twice: the second run
// creates nothing), the status selector (Pago shows the payment date), an
// attached boleto shown to the admin and to its tenant only, and the client
// area's Cobrança tab. Forms with JavaScript on and off.

const toast = (page: Page) => page.getByTestId("toast");
const LIST = "/admin/clients?aba=cobrancas";
// "Todas", narrowed to one client by the search (the tab opens on the overdue
// queue, and the e2e database holds many clients).
const clientList = (name: string) => `${LIST}&fila=todas&busca=${encodeURIComponent(name)}`;

const billingsOf = (clientId: number) =>
  appDb()
    .selectFrom("billing")
    .select(["id", "month_year", "amount_cents", "due_date", "status", "payment_date"])
    .where("client_id", "=", clientId)
    .orderBy("month_year")
    .orderBy("id")
    .execute();
const group = (page: Page, name: string) =>
  page.getByTestId("billing-group").filter({ has: page.locator("summary", { hasText: name }) });
// "2026-10-05" -> "05/10/2026"
const br = (day: string) => day.split("-").reverse().join("/");

test("the Cobranças tab sits between Contratos and Manutenções", async ({ admin: _admin, page }) => {
  await page.goto("/admin/clients");
  const tabs = page.getByRole("navigation", { name: "Abas de clientes" }).getByRole("link");
  await expect(tabs).toHaveText([
    "Clientes",
    "Ativos",
    "Contratos",
    "Cobranças",
    "Manutenções",
    "Proprietários",
    "Vistorias",
  ]);
  await tabs.filter({ hasText: "Cobranças" }).click();
  await expect(page).toHaveURL(/\?aba=cobrancas$/);
  await expect(page.getByRole("heading", { name: "Gestão de Cobranças" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nova Cobrança" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Gerar Cobranças do Contrato" }).first()).toBeVisible();
  // A billing dialog's own URL draws the Cobranças tab behind it.
  await page.goto("/admin/clients/cobrancas/gerar");
  await expect(tabs.filter({ hasText: "Cobranças" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Gestão de Cobranças" })).toBeVisible();
});

for (const js of [true, false]) {
  test(`Nova Cobrança: errors beside the fields with the values kept, then the billing in its group (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
  }) => {
    const client = await createClient({ name: `Cobrança Nova ${uniq()}` });
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto(LIST);
    await page.getByRole("link", { name: "Nova Cobrança" }).first().click();
    await expect(page).toHaveURL(/\/admin\/clients\/cobrancas\/nova$/);
    // The form is a dialog over the tab (its page without JavaScript).
    const form = page.getByRole("dialog", { name: "Nova Cobrança" });

    await form.getByLabel("Cliente").selectOption({ label: client.name });
    await form.getByLabel("Mês de referência").fill("2026-10");
    await form.getByLabel("Valor (R$)").fill("abc");
    await form.getByLabel("Vencimento").fill("");
    await form.getByRole("button", { name: "Criar Cobrança" }).click();
    await expect(form.getByText("Informe um valor válido, por exemplo 1.250,00.")).toBeVisible();
    await expect(form.getByText("Informe a data de vencimento (dd/mm/aaaa).")).toBeVisible();
    await expect(form.getByLabel("Valor (R$)")).toHaveValue("abc");
    await expect(form.getByLabel("Valor (R$)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Cliente")).toHaveValue(String(client.id));
    await expect(form.getByLabel("Mês de referência")).toHaveValue("2026-10");
    expect(await billingsOf(client.id)).toEqual([]);

    await form.getByLabel("Valor (R$)").fill("1.250,00");
    await form.getByLabel("Vencimento").fill("2026-10-05");
    await form.getByRole("button", { name: "Criar Cobrança" }).click();
    await expect(toast(page)).toContainText("Cobrança criada com sucesso!");
    await expect(page).toHaveURL(/\?aba=cobrancas&fila=todas&cliente=\d+#cobranca-\d+$/);
    const [row] = await billingsOf(client.id);
    expect(row).toMatchObject({ month_year: "2026-10", amount_cents: 125000, due_date: "2026-10-05" });
    expect(
      await count("audit_log", (eb) =>
        eb.and([
          eb("entity", "=", "billing"),
          eb("entity_id", "=", String(row.id)),
          eb("action", "=", "create"),
          eb("actor_id", "=", admin.id),
        ]),
      ),
    ).toBe(1);

    const shown = group(page, client.name).getByTestId("billing-row");
    await expect(shown).toHaveCount(1);
    await expect(shown).toContainText("outubro de 2026");
    await expect(shown).toContainText("R$ 1.250,00");
    await expect(shown).toContainText("05/10/2026");
    await expect(shown).toContainText("Nenhum boleto");
    // Due 05/10/2026: pending until then, Em Atraso after (the agency's day).
    await expect(shown).toContainText(localToday() > "2026-10-05" ? "Em Atraso" : "Pendente");
  });
}

for (const js of [true, false]) {
  test(`Gerar Cobranças do Contrato twice: the months once, then nothing new (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
  }) => {
    const client = await createClient({
      name: `Contrato Gerar ${uniq()}`,
      contract_start_date: "2099-01-01",
      contract_end_date: "2099-06-30",
      monthly_rent: cents(98050),
      payment_due_day: 31,
    });
    const without = await createClient({ name: `Sem Contrato ${uniq()}` });
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto(LIST);
    await page.getByRole("link", { name: "Gerar Cobranças do Contrato" }).first().click();
    await expect(page).toHaveURL(/\/admin\/clients\/cobrancas\/gerar$/);
    const form = page.getByRole("dialog", { name: "Gerar Cobranças do Contrato" });

    // A client without contract dates or rent: the reason beside the field, nothing written.
    await form.getByLabel("Cliente").selectOption(String(without.id));
    await form.getByRole("button", { name: "Gerar Cobranças" }).click();
    await expect(form.getByText("Este cliente não tem datas de contrato e aluguel cadastrados.")).toBeVisible();
    await expect(form.getByLabel("Cliente")).toHaveValue(String(without.id));
    expect(await billingsOf(without.id)).toEqual([]);

    await form.getByLabel("Cliente").selectOption(String(client.id));
    await form.getByRole("button", { name: "Gerar Cobranças" }).click();
    await expect(toast(page)).toContainText("Cobranças geradas");
    await expect(toast(page)).toContainText(`6 cobranças criadas para ${client.name}.`);
    const rows = await billingsOf(client.id);
    expect(rows.map((r) => [r.month_year, r.due_date, r.amount_cents, r.status])).toEqual([
      ["2099-01", "2099-01-31", 98050, "pending"],
      ["2099-02", "2099-02-28", 98050, "pending"],
      ["2099-03", "2099-03-31", 98050, "pending"],
      ["2099-04", "2099-04-30", 98050, "pending"],
      ["2099-05", "2099-05-31", 98050, "pending"],
      ["2099-06", "2099-06-30", 98050, "pending"],
    ]);
    const shown = group(page, client.name);
    await expect(shown.locator("summary")).toContainText("0 em atraso · 6 pendentes · 0 pagas");
    // Newest due date first.
    await expect(shown.getByTestId("billing-row").first()).toContainText("junho de 2099");
    await expect(shown.getByTestId("billing-row").last()).toContainText("janeiro de 2099");

    await page.goto(`/admin/clients/cobrancas/gerar?cliente=${client.id}`);
    await expect(form.getByLabel("Cliente")).toHaveValue(String(client.id));
    await form.getByRole("button", { name: "Gerar Cobranças" }).click();
    await expect(toast(page)).toContainText("Nenhuma cobrança nova");
    await expect(toast(page)).toContainText(`Todos os meses do contrato de ${client.name} já têm cobrança.`);
    expect(await billingsOf(client.id)).toHaveLength(6);
  });
}

for (const js of [true, false]) {
  test(`the status selector: Pago asks the payment, Pendente on a paid billing asks the estorno (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
    createBilling,
  }) => {
    const client = await createClient({ name: `Status ${uniq()}` });
    const billing = await createBilling(client.id, {
      month_year: "2099-03",
      due_date: "2099-03-10",
      amount_cents: cents(50000),
    });
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto(clientList(client.name));
    const row = group(page, client.name).getByTestId("billing-row");
    await expect(row).toContainText("Pendente");

    const select = row.getByLabel("Status da cobrança de março de 2099");
    // With JavaScript the choice submits once the page is hydrated (the
    // Salvar button goes away then); a choice made before still needs Salvar.
    if (js) await expect(row.getByRole("button", { name: "Salvar status" })).toHaveCount(0);
    await select.selectOption({ label: "Pago" });
    if (!js) await row.getByRole("button", { name: "Salvar status" }).click();
    // Pago writes nothing by itself: it opens the dialog's payment form.
    await expect(toast(page)).toContainText("Registrar pagamento");
    await expect(toast(page)).toContainText("Informe a data e o valor recebido");
    await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/${billing.id}#registrar-pagamento$`));
    expect((await billingsOf(client.id))[0]).toMatchObject({ status: "pending", payment_date: null });
    const dialog = page.getByRole("dialog", { name: "Cobrança de março de 2099" });
    const today = localToday();
    await expect(dialog.getByLabel("Data do pagamento")).toHaveValue(today);
    await expect(dialog.getByLabel("Valor recebido (R$)")).toHaveValue("500,00");
    await dialog.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(toast(page)).toContainText("Pagamento registrado!");
    await expect(row).toContainText(`Pago em ${br(today)}`);
    await expect(row.locator("span", { hasText: /^Pago$/ })).toBeVisible();
    await expect(group(page, client.name).locator("summary")).toContainText("0 em atraso · 0 pendentes · 1 paga");
    expect((await billingsOf(client.id))[0]).toMatchObject({ id: billing.id, status: "paid", payment_date: today });

    // The billing's own dialog (its Período links to it) shows the same; Pendente there asks the estorno.
    await row.getByRole("link", { name: "março de 2099" }).click();
    await expect(dialog).toContainText(client.name);
    await expect(dialog).toContainText(br(today));
    await dialog.getByLabel("Status desta cobrança").selectOption({ label: "Pendente" });
    if (!js) await dialog.getByRole("button", { name: "Salvar status" }).click();
    const reverse = page.getByRole("dialog", { name: "Estornar pagamento" });
    await expect(reverse).toContainText("Cancela o Recibo");
    expect((await billingsOf(client.id))[0]).toMatchObject({ status: "paid", payment_date: today });
    await reverse.getByLabel("Motivo do estorno").fill("Marcado como pago por engano");
    await reverse.getByRole("button", { name: "Confirmar estorno" }).click();
    await expect(toast(page)).toContainText("Pagamento estornado!");
    await expect(row).not.toContainText("Pago em");
    await expect(row).toContainText("Pendente");
    expect((await billingsOf(client.id))[0]).toMatchObject({ status: "pending", payment_date: null });
    expect(
      await count("audit_log", (eb) =>
        eb.and([
          eb("entity", "=", "billing"),
          eb("entity_id", "=", String(billing.id)),
          eb("action", "=", "update"),
          eb("actor_id", "=", admin.id),
        ]),
      ),
    ).toBe(2);
  });
}

test("a pending billing past its due date shows Em Atraso at once, in the admin tab and the client area", async ({
  admin: _admin,
  page,
  newContext,
  createClient,
  createBilling,
  signInClient,
}) => {
  const client = await createClient({ name: `Atraso ${uniq()}`, phone: "(67) 99999-1234" });
  await createBilling(client.id, { month_year: "2020-01", due_date: "2020-01-05" });
  // The tab opens on "Em atraso": the billing is there, its client first.
  await page.goto(`${LIST}&busca=${encodeURIComponent(client.name)}`);
  const late = page.getByTestId("billing-row");
  await expect(late).toHaveCount(1);
  await expect(late).toContainText(client.name);
  await expect(late).toContainText("Em Atraso");
  // Beside it, the tenant's reminder: a link that answers with the wa.me
  // address, the amount due today and the Pix code written at the click.
  const whatsapp = late.getByRole("link", { name: `Lembrar ${client.name} pelo WhatsApp` });
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  const answer = await page.request.get((await whatsapp.getAttribute("href"))!, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const href = answer.headers()["location"]!;
  expect(href.startsWith("https://wa.me/5567999991234?text=")).toBe(true);
  const text = decodeURIComponent(href.split("?text=")[1]);
  expect(text).toContain("O aluguel de janeiro de 2020 venceu em 05/01/2020");
  expect(text).toMatch(/Valor para pagamento hoje: R\$ [\d.]+,\d{2} \(com multa e juros\)/);
  expect(text).toMatch(/Pix copia e cola:\n000201/);
  await page.goto(clientList(client.name));
  await expect(group(page, client.name).getByTestId("billing-row")).toContainText("Em Atraso");
  await expect(group(page, client.name).locator("summary")).toContainText("1 em atraso · 0 pendentes · 0 pagas");

  const tenant = await newContext();
  await signInClient(client, tenant);
  const area = await tenant.newPage();
  await area.goto("/client-area?tab=cobranca");
  await expect(area.getByTestId("billing-row")).toContainText("Em Atraso");
});

for (const js of [true, false]) {
  test(`Pendente chosen on a billing past its due date says why it reads Em Atraso (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
    createBilling,
  }) => {
    const client = await createClient({ name: `Vencida ${uniq()}` });
    const billing = await createBilling(client.id, { month_year: "2020-02", due_date: "2020-02-05" });
    await appDb().updateTable("billing").set({ status: "overdue" }).where("id", "=", billing.id).execute();
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto(clientList(client.name));
    const row = group(page, client.name).getByTestId("billing-row");
    const badge = row.locator("span", { hasText: /^Em Atraso$/ });
    const note = row.getByText(/^vencida: aparece como Em Atraso$/i);
    await expect(badge).toBeVisible();
    await expect(note).toBeVisible();

    if (js) await expect(row.getByRole("button", { name: "Salvar status" })).toHaveCount(0);
    await row.getByLabel("Status da cobrança de fevereiro de 2020").selectOption({ label: "Pendente" });
    if (!js) await row.getByRole("button", { name: "Salvar status" }).click();
    await expect(toast(page)).toContainText("Status da cobrança atualizado!");
    await expect(toast(page)).toContainText(
      `${client.name}, fevereiro de 2020: Pendente (vencida: aparece como Em Atraso).`,
    );
    expect((await billingsOf(client.id))[0]).toMatchObject({ status: "pending" });
    // Still read as overdue, with the reason beside the selector.
    await expect(badge).toBeVisible();
    await expect(row.getByLabel("Status da cobrança de fevereiro de 2020")).toHaveValue("overdue");
    await expect(note).toBeVisible();

    // The billing's dialog says it too.
    await row.getByRole("link", { name: "fevereiro de 2020" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Cobrança de fevereiro de 2020" })
        .getByText(/^vencida: aparece como Em Atraso$/i),
    ).toBeVisible();
  });
}

test("an attached boleto: in the admin tab and the tenant's Cobrança tab, downloadable by that tenant only", async ({
  admin: _admin,
  page,
  newContext,
  createClient,
  createBilling,
  attachBoleto,
  signInClient,
}) => {
  const a = await createClient({ name: `Boleto A ${uniq()}` });
  const b = await createClient({ name: `Boleto B ${uniq()}` });
  // Due within the issue window (BILLING_ISSUE_DAYS, 20): the tenants see them.
  const due = addDays(localToday(), 10);
  const billing = await createBilling(a.id, { month_year: monthOf(due), due_date: due, amount_cents: cents(125000) });
  await createBilling(b.id, { month_year: monthOf(due), due_date: due, amount_cents: cents(77700) });
  const boleto = await attachBoleto(billing.id, "boleto-outubro-2099-aluguel.pdf");

  await page.goto(clientList(a.name));
  const row = group(page, a.name).getByTestId("billing-row");
  const name = row.getByRole("link", { name: "boleto-outubro-..." });
  await expect(name).toHaveAttribute("title", "boleto-outubro-2099-aluguel.pdf");
  await expect(name).toHaveAttribute("href", `/arquivos/cobrancas/${boleto.id}`);
  await expect(row.getByRole("link", { name: "Baixar boleto-outubro-2099-aluguel.pdf" })).toHaveAttribute(
    "href",
    `/arquivos/cobrancas/${boleto.id}?download=1`,
  );
  const staffFile = await page.request.get(`/arquivos/cobrancas/${boleto.id}`);
  expect(staffFile.status()).toBe(200);
  expect(staffFile.headers()["content-disposition"]).toMatch(/^inline; filename="boleto-outubro-2099-aluguel.pdf"/);

  // The tenant sees its own history, with the boleto to download, and nothing of B.
  const tenantA = await newContext();
  await signInClient(a, tenantA);
  const area = await tenantA.newPage();
  await area.goto("/client-area");
  await area.getByRole("link", { name: "Cobrança", exact: true }).click();
  await expect(area).toHaveURL(/tab=cobranca$/);
  await expect(area.getByRole("heading", { name: "Histórico de Cobranças" })).toBeVisible();
  const history = area.getByTestId("billing-row");
  await expect(history).toHaveCount(1);
  await expect(history).toContainText(formatDay(due));
  await expect(history).toContainText(periodLabel(monthOf(due)));
  await expect(history).toContainText("R$ 1.250,00");
  await expect(history).toContainText("Pendente");
  await expect(area.getByText("R$ 777,00")).toHaveCount(0);
  await expect(area.getByText("Os status de pagamento são atualizados automaticamente.")).toBeVisible();
  const link = history.getByRole("link", { name: "boleto-outubro-2099-aluguel.pdf" });
  await expect(link).toHaveAttribute("href", `/arquivos/cobrancas/${boleto.id}?download=1`);
  const download = await area.request.get(`/arquivos/cobrancas/${boleto.id}?download=1`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect(download.headers()["cache-control"]).toBe("private, no-store");
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="boleto-outubro-2099-aluguel.pdf"/);
  expect(Buffer.from(await download.body()).equals(boleto.bytes)).toBe(true);

  // Another client and an anonymous visitor get the same 404, with no name.
  const tenantB = await newContext();
  await signInClient(b, tenantB);
  const anonymous = await newContext();
  for (const request of [tenantB.request, anonymous.request]) {
    for (const url of [`/arquivos/cobrancas/${boleto.id}`, `/arquivos/cobrancas/${boleto.id}?download=1`]) {
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(404);
      expect(res.headers()["content-disposition"], url).toBeUndefined();
      expect(await res.text(), url).not.toContain("boleto-outubro");
    }
  }
  const areaB = await tenantB.newPage();
  await areaB.goto("/client-area?tab=cobranca");
  await expect(areaB.getByTestId("billing-row")).toHaveCount(1);
  await expect(areaB.getByTestId("billing-row")).toContainText("R$ 777,00");
  await expect(areaB.getByText("boleto-outubro")).toHaveCount(0);
});

for (const js of [true, false]) {
  test(`deleting an attached boleto asks first, then removes the row and the file (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
    createBilling,
    attachBoleto,
  }) => {
    const client = await createClient({ name: `Excluir Boleto ${uniq()}` });
    const billing = await createBilling(client.id);
    const boleto = await attachBoleto(billing.id, "apagar.pdf");
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto(clientList(client.name));
    if (js) await hydrated(page);
    await group(page, client.name).getByRole("link", { name: "Excluir apagar.pdf" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/documentos/${boleto.id}/excluir$`));
    const dialog = page.getByRole("dialog", { name: "Excluir Boleto" });
    await expect(dialog).toContainText(`Excluir o boleto apagar.pdf da cobrança de outubro de 2099 de ${client.name}`);
    await dialog.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(toast(page)).toContainText("Documento excluído com sucesso!");
    await expect(group(page, client.name).getByTestId("billing-row")).toContainText("Nenhum boleto");
    expect(await count("billing_documents", (eb) => eb("id", "=", boleto.id))).toBe(0);
    expect((await page.request.get(`/arquivos/cobrancas/${boleto.id}`)).status()).toBe(404);
    expect(
      await count("audit_log", (eb) =>
        eb.and([
          eb("entity", "=", "billing_document"),
          eb("entity_id", "=", String(boleto.id)),
          eb("action", "=", "delete"),
          eb("actor_id", "=", admin.id),
        ]),
      ),
    ).toBe(1);

    // Gone: the page is a 404 and a second delete is the spec's error.
    expect((await page.goto(`/admin/clients/cobrancas/documentos/${boleto.id}/excluir`))?.status()).toBe(404);
    const again = await page.request.post(`/admin/clients/cobrancas/documentos/${boleto.id}/excluir`, {
      form: { intent: "delete" },
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
  });
}

test("a client's delete takes its billings and boleto files along", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
  attachBoleto,
}) => {
  const client = await createClient({ name: `Apagar Cliente ${uniq()}` });
  const billing = await createBilling(client.id);
  const boleto = await attachBoleto(billing.id);
  await page.goto("/admin/clients");
  const row = page.getByTestId("client-row").filter({ hasText: client.name });
  await row.getByText("Excluir", { exact: true }).click();
  await row.getByRole("button", { name: "Confirmar exclusão" }).click();
  await expect(toast(page)).toContainText("Cliente excluído com sucesso");
  expect(await count("billing", (eb) => eb("client_id", "=", client.id))).toBe(0);
  expect(await count("billing_documents", (eb) => eb("id", "=", boleto.id))).toBe(0);
  expect(fs.existsSync(privateFilePath(boleto.fileKey))).toBe(false);
});

// (The admin panel's empty state is rendered in app/components/admin/billing-panel.test.ts:
// other tests' billings share this database.)
test("a client without billings sees the empty text in its Cobrança tab, though another client has one", async ({
  newContext,
  createClient,
  signInClient,
  createBilling,
}) => {
  // Another tenant's billing exists, so an empty tab means "none of yours", not "none at all".
  const other = await createClient();
  await createBilling(other.id);
  expect(await count("billing", (eb) => eb("client_id", "=", other.id))).toBe(1);
  const client = await createClient();
  const tenant = await newContext();
  await signInClient(client, tenant);
  const area = await tenant.newPage();
  await area.goto("/client-area?tab=cobranca");
  await expect(area.getByRole("heading", { name: "Histórico de Cobranças" })).toBeVisible();
  await expect(area.getByText("Nenhuma cobrança encontrada.")).toBeVisible();
  await expect(area.getByTestId("billing-row")).toHaveCount(0);
});

test("Exportar CSV downloads the list as the page shows it, for Excel in Brazil, and only for staff", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
  newContext,
}) => {
  const client = await createClient({ name: `Planilha ${uniq()}`, cpf_cnpj: "529.982.247-25" });
  await createBilling(client.id, { month_year: "2020-02", due_date: "2020-02-05", amount_cents: cents(123_456) });
  await page.goto(`${LIST}&busca=${encodeURIComponent(client.name)}`);
  const link = page.getByRole("link", { name: "Exportar CSV" });
  await expect(link).toHaveAttribute(
    "href",
    `/admin/cobrancas/exportar?fila=atrasadas&busca=${encodeURIComponent(client.name).replace(/%20/g, "+")}`,
  );
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cobrancas-atrasadas-${localToday()}.csv`);
  const bytes = fs.readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe(
    "Nº;Cliente;CPF/CNPJ;Período;Vencimento;Valor (R$);Status;Pago em;Valor recebido (R$);Diferença (R$)",
  );
  expect(lines.slice(1, -1)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^\\d+;${client.name};(52998224725|529\\.982\\.247-25);fevereiro de 2020;05/02/2020;1234,56;Em Atraso;;;$`,
      ),
    ),
  ]);

  // Not signed in: the login, no file.
  const stranger = await newContext();
  const res = await stranger.request.get("/admin/cobrancas/exportar?fila=todas", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["content-type"] ?? "").not.toContain("text/csv");
});

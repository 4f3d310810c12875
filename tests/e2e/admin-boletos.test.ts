import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { isIssued } from "#app/models/billing/charges";
import { localToday } from "#app/models/shared/days";
import { appDb, count } from "#tests/fixtures/db";
import { BANK_LAYOUTS, bankBoletoPdf, carnePagePdf, textPagePdf } from "#tests/fixtures/boletos/layouts";
import { samplePdf } from "#tests/fixtures/rental";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_UPLOADS } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";

// The boleto flow of issue 8, in the browser: "Anexar Boleto" for two
// tenants, the analysis (read on the server), a correction, "Confirmar e
// Criar Cobrança", the awaiting list, "Processar N Boletos"; the billings
// and their boletos then show in the admin tab and in each tenant's Cobrança
// tab, and nowhere else. With JavaScript on and off. Processing takes every
// awaiting boleto, so this file's tests run one after another.

test.describe.configure({ mode: "serial" });

const toast = (page: Page) => page.getByTestId("toast");
const LIST = "/admin/clients?aba=cobrancas";
const privateDir = path.join(E2E_UPLOADS, "private");
const br = (day: string) => day.split("-").reverse().join("/");

async function boleto(bank: "001" | "341", dueDate: string, amountCents: number, reference?: string) {
  const freeField = `${Date.now()}${Math.floor(Math.random() * 1e9)}`.padEnd(25, "7").slice(0, 25);
  const { pdf, line } = await bankBoletoPdf({ layout: BANK_LAYOUTS[bank], dueDate, amountCents, freeField, reference });
  return { bytes: Buffer.from(pdf), line };
}

async function analyse(page: Page, clientName: string, fileName: string, bytes: Buffer, js: boolean) {
  await page.goto(LIST);
  await page.getByRole("link", { name: "Anexar Boleto" }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/cobrancas\/boleto$/);
  const dialog = page.getByRole("dialog", { name: "Anexar Boleto" });
  await dialog.getByLabel("Cliente", { exact: true }).selectOption({ label: clientName });
  await dialog.getByLabel("Arquivo").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: bytes });
  // With JavaScript the chosen file's name and size show before the upload.
  if (js) await expect(dialog.getByTestId("chosen-file")).toContainText(`${fileName} · 0,`);
  await dialog.getByRole("button", { name: "Analisar Boleto" }).click();
  // A carnê page's review carries its slips in the address (?boletos=…).
  await expect(page).toHaveURL(/\/admin\/clients\/cobrancas\/boletos\/\d+(\?boletos=[\d,]+)?$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

for (const js of [true, false]) {
  test(`two tenants' boletos: analysed, corrected, confirmed, processed, and each seen by its tenant only (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    signInClient,
    createClient,
  }) => {
    test.setTimeout(120_000);
    const tag = uniq();
    const ana = await createClient({ name: `Ana Boleto ${tag}` });
    const bruno = await createClient({ name: `Bruno Boleto ${tag}` });
    const other = await createClient({ name: `Carla Sem Boleto ${tag}` });
    const a = await boleto("001", "2026-12-10", 185000, "Referente a dezembro/2026");
    const b = await boleto("341", "2027-01-05", 420000);

    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();

    // Ana's boleto: read from its digitable line, confirmed as read.
    const first = await analyse(page, ana.name, `boleto-ana-${tag}.pdf`, a.bytes, js);
    await expect(toast(page)).toContainText("Análise concluída");
    await expect(toast(page)).toContainText("Boleto analisado com sucesso! Vencimento: 10/12/2026.");
    const analysis = page.getByTestId("boleto-analysis");
    await expect(analysis).toContainText("10/12/2026");
    await expect(analysis).toContainText("R$ 1.850,00");
    await expect(analysis).toContainText("dezembro de 2026");
    await expect(analysis).toContainText(a.line.slice(0, 5));
    await expect(analysis).toContainText(`${ana.name}`);
    expect(
      (
        await appDb()
          .selectFrom("boleto_queue")
          .select("confirmed_at")
          .where("id", "=", first)
          .executeTakeFirstOrThrow()
      ).confirmed_at,
    ).toBeNull();
    await page.getByRole("button", { name: "Confirmar e Criar Cobrança" }).click();
    await expect(toast(page)).toContainText("Boleto Analisado");
    await expect(page).toHaveURL(/aba=cobrancas/);

    // Bruno's: the month is not in the text (it is the due date's); the admin sets it.
    await analyse(page, bruno.name, `boleto-bruno-${tag}.pdf`, b.bytes, js);
    await expect(page.getByTestId("boleto-analysis")).toContainText("R$ 4.200,00");
    await expect(page.getByLabel("Mês de referência")).toHaveValue("2027-01");
    await page.getByLabel("Mês de referência").fill("2026-12");
    await page.getByRole("button", { name: "Confirmar e Criar Cobrança" }).click();
    await expect(toast(page)).toContainText("Boleto Analisado");

    // The awaiting list, grouped by client, survives a reload.
    await page.goto(LIST);
    const awaiting = page.getByTestId("awaiting-boleto").filter({ hasText: tag.slice(0, 4) });
    const list = page.locator("#boletos-aguardando");
    await expect(list.getByRole("heading", { name: ana.name })).toBeVisible();
    await expect(list.getByRole("heading", { name: bruno.name })).toBeVisible();
    await expect(list).toContainText("05/01/2027");
    await expect(awaiting.first()).toBeVisible();
    await list.getByRole("button", { name: /^Processar \d+ Boletos?$/ }).click();
    await expect(toast(page)).toContainText("Sucesso");
    await expect(page.locator("#boletos-aguardando")).toHaveCount(0);

    // The billings, pending, with their boleto attached (the same file moved over).
    const rowsOf = (clientId: number) =>
      appDb()
        .selectFrom("billing as b")
        .innerJoin("billing_documents as d", "d.billing_id", "b.id")
        .select(["b.month_year", "b.amount_cents", "b.due_date", "b.status", "d.file_name", "d.file_key"])
        .where("b.client_id", "=", clientId)
        .execute();
    expect(await rowsOf(ana.id)).toEqual([
      expect.objectContaining({
        month_year: "2026-12",
        amount_cents: 185000,
        due_date: "2026-12-10",
        status: "pending",
        file_name: `boleto-ana-${tag}.pdf`,
      }),
    ]);
    expect(await rowsOf(bruno.id)).toEqual([
      expect.objectContaining({ month_year: "2026-12", amount_cents: 420000, due_date: "2027-01-05" }),
    ]);
    expect(await count("boleto_queue", (eb) => eb("client_id", "in", [ana.id, bruno.id]))).toBe(0);
    const [anaRow] = await rowsOf(ana.id);
    expect(fs.readFileSync(path.join(privateDir, anaRow.file_key))).toEqual(a.bytes);

    await page.goto(`${LIST}&fila=todas&busca=${encodeURIComponent(ana.name)}`);
    const group = page.getByTestId("billing-group").filter({ has: page.locator("summary", { hasText: ana.name }) });
    await expect(group).toContainText("R$ 1.850,00");
    await expect(group).toContainText(br("2026-12-10"));
    await expect(group.getByRole("link", { name: /boleto-ana/ }).first()).toBeVisible();

    // Each tenant sees its own billing and boleto; the third sees none.
    // A tenant sees a billing once it is issued, 20 days before it is due
    // (BILLING_ISSUE_DAYS): the samples' due dates are fixed, today is not.
    for (const [tenant, amount, fileName, due] of [
      [ana, "R$ 1.850,00", `boleto-ana-${tag}.pdf`, "2026-12-10"],
      [bruno, "R$ 4.200,00", `boleto-bruno-${tag}.pdf`, "2027-01-05"],
    ] as const) {
      const tenantContext = await newContext({ javaScriptEnabled: js });
      await signInClient(tenant, tenantContext);
      const tenantPage = await tenantContext.newPage();
      await tenantPage.goto("/client-area?tab=cobranca");
      const rows = tenantPage.getByTestId("billing-row");
      if (!isIssued(due, localToday(), 20)) {
        await expect(rows).toHaveCount(0);
        continue;
      }
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(amount);
      await expect(rows).toContainText("dezembro de 2026");
      const link = rows.getByRole("link", { name: new RegExp(fileName.slice(0, 10)) });
      const res = await tenantPage.request.get((await link.getAttribute("href")) ?? "");
      expect(res.status()).toBe(200);
      await expect(tenantPage.getByText(tenant === ana ? `boleto-bruno` : `boleto-ana`)).toHaveCount(0);
    }
    const otherContext = await newContext();
    await signInClient(other, otherContext);
    const otherPage = await otherContext.newPage();
    await otherPage.goto("/client-area?tab=cobranca");
    await expect(otherPage.getByTestId("billing-row")).toHaveCount(0);
    await expect(otherPage.getByText("Nenhuma cobrança encontrada.")).toBeVisible();
  });
}

test("a file with no boleto shows Não encontrada / Não encontrado; Analisar Novamente drops it and its file", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const client = await createClient({ name: `Carta ${uniq()}` });
  const letter = Buffer.from(
    await textPagePdf("Comunicado aos inquilinos", [
      "A manutenção da caixa d'água será feita na próxima semana.",
      "Atenciosamente, a administração.",
    ]),
  );
  const id = await analyse(page, client.name, "comunicado.pdf", letter, true);
  const analysis = page.getByTestId("boleto-analysis");
  await expect(analysis).toContainText("Vencimento");
  await expect(analysis.getByText("Não encontrada").first()).toBeVisible();
  await expect(analysis).toContainText("Não encontrado");
  const key = (
    await appDb().selectFrom("boleto_queue").select("file_key").where("id", "=", id).executeTakeFirstOrThrow()
  ).file_key;
  expect(fs.existsSync(path.join(privateDir, key))).toBe(true);
  await page.getByRole("button", { name: "Analisar Novamente" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/boleto\\?cliente=${client.id}$`));
  await expect(page.getByRole("dialog", { name: "Anexar Boleto" }).getByLabel("Cliente", { exact: true })).toHaveValue(
    String(client.id),
  );
  expect(await count("boleto_queue", (eb) => eb("id", "=", id))).toBe(0);
  expect(fs.existsSync(path.join(privateDir, key))).toBe(false);
});

test("a carnê page of three slips: the review says so and staff use the second (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const dora = await createClient({ name: `Dora Carnê ${tag}` });
  const base = `${Date.now()}${Math.floor(Math.random() * 1e9)}`.padEnd(24, "3").slice(0, 24);
  const { pdf, lines } = await carnePagePdf(
    [
      { dueDate: "2026-12-10", amountCents: 98000, freeField: `${base}1` },
      { dueDate: "2027-01-10", amountCents: 101500, freeField: `${base}2` },
      { dueDate: "2027-02-10", amountCents: 101500, freeField: `${base}3` },
    ],
    BANK_LAYOUTS["001"],
  );
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  const id = await analyse(page, dora.name, `carne-${tag}.pdf`, Buffer.from(pdf), false);
  await expect(toast(page)).toContainText("3 boletos nesta página; lido o primeiro");
  const slips = page.getByTestId("boleto-slips");
  await expect(slips).toContainText("3 boletos nesta página; lido o primeiro");
  await expect(slips).toContainText("Boleto 2: vencimento 10/01/2027, R$ 1.015,00");
  await expect(page.getByTestId("boleto-analysis")).toContainText("R$ 980,00");

  await slips.getByLabel(/^Boleto 2:/).check();
  await slips.getByRole("button", { name: "Usar o boleto escolhido" }).click();
  await expect(toast(page)).toContainText("Boleto 2 de 3 selecionado");
  await expect(page.getByTestId("boleto-analysis")).toContainText("10/01/2027");
  await expect(page.getByTestId("boleto-analysis")).toContainText("R$ 1.015,00");
  await expect(page.getByLabel("Vencimento", { exact: true })).toHaveValue("2027-01-10");
  await expect(slips).toContainText("3 boletos nesta página; usado o 2º");
  const row = await appDb()
    .selectFrom("boleto_queue")
    .select(["due_date", "amount_cents", "digitable_line"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ due_date: "2027-01-10", amount_cents: 101500, digitable_line: lines[1] });

  // Left as it was for the other tests: the draft goes.
  await page.getByRole("button", { name: "Analisar Novamente" }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/cobrancas\/boleto\?cliente=/);
  expect(await count("boleto_queue", (eb) => eb("id", "=", id))).toBe(0);
});

test("a corrupt PDF, an .exe named .pdf and a missing file are refused with nothing stored (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const client = await createClient({ name: `Recusa ${uniq()}` });
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  const before = await count("boleto_queue", (eb) => eb("client_id", "=", client.id));
  const corrupt = samplePdf(`boleto ${uniq()}`).subarray(0, 40);
  const exe = Buffer.concat([
    Buffer.from("MZ"),
    Buffer.alloc(58),
    Buffer.from([0x40, 0, 0, 0]),
    Buffer.from("PE\0\0"),
    Buffer.alloc(600, 0x90),
  ]);
  for (const [bytes, message] of [
    [corrupt, "Não foi possível analisar o boleto. Verifique se o arquivo está legível."],
    [exe, "Tipo de arquivo não suportado"],
  ] as const) {
    await page.goto(`/admin/clients/cobrancas/boleto?cliente=${client.id}`);
    await page.getByLabel("Arquivo").setInputFiles({ name: "boleto.pdf", mimeType: "application/pdf", buffer: bytes });
    await page.getByRole("button", { name: "Analisar Boleto" }).click();
    await expect(page.getByRole("alert")).toContainText("Erro na análise");
    await expect(page.getByRole("alert")).toContainText(message);
    await expect(page.getByLabel("Cliente", { exact: true })).toHaveValue(String(client.id));
  }
  await page.goto("/admin/clients/cobrancas/boleto");
  await page.getByRole("button", { name: "Analisar Boleto" }).click();
  await expect(page.getByRole("alert")).toContainText("Selecione um cliente e um arquivo.");
  expect(await count("boleto_queue", (eb) => eb("client_id", "=", client.id))).toBe(before);
});

// Issue 19: a boleto for a month the client was already billed joins that
// billing (the review page says so and offers the new amount, unticked), and
// the same boleto uploaded again is refused at confirmation.
for (const js of [true, false]) {
  test(`a boleto for a month already billed joins that billing; the same boleto again is refused (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
    createBilling,
  }) => {
    test.setTimeout(120_000);
    const tag = uniq();
    const client = await createClient({ name: `Dora Junção ${tag}` });
    const billing = await createBilling(client.id, {
      month_year: "2027-02",
      due_date: "2027-02-10",
      amount_cents: cents(150000),
    });
    const slip = await boleto("001", "2027-02-10", 160000, "Referente a fevereiro/2027");
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();

    await analyse(page, client.name, `boleto-dora-${tag}.pdf`, slip.bytes, js);
    const match = page.getByTestId("boleto-match");
    await expect(match).toContainText(
      "Já existe a cobrança de fevereiro de 2027 (R$ 1.500,00, vencimento 10/02/2027): o boleto será anexado a ela.",
    );
    const update = page.getByLabel("Atualizar o valor da cobrança para R$ 1.600,00");
    await expect(update).not.toBeChecked();
    await expect(match).toContainText("Sem marcar, a cobrança continua com R$ 1.500,00.");
    if (js) {
      // Corrected to a month not billed, the page says a billing will be created; back, it joins again.
      await page.getByLabel("Mês de referência").fill("2027-03");
      await page.getByLabel("Vencimento", { exact: true }).fill("2027-03-10");
      await expect(match).toHaveText("Será criada a cobrança de março de 2027.");
      await page.getByLabel("Mês de referência").fill("2027-02");
      await page.getByLabel("Vencimento", { exact: true }).fill("2027-02-10");
      await expect(match).toContainText("Já existe a cobrança de fevereiro de 2027");
    }
    await update.check();
    await page.getByRole("button", { name: "Confirmar e Criar Cobrança" }).click();
    await expect(toast(page)).toContainText("Será anexado à cobrança de fevereiro de 2027");

    const item = page.getByTestId("awaiting-boleto").filter({ hasText: "boleto-dora" });
    await expect(item).toContainText(
      "Será anexado à cobrança de fevereiro de 2027 (R$ 1.500,00, vencimento 10/02/2027). O valor passa a R$ 1.600,00.",
    );
    await page
      .locator("#boletos-aguardando")
      .getByRole("button", { name: /^Processar \d+ Boletos?$/ })
      .click();
    await expect(toast(page)).toContainText(/anexados? a (uma cobrança existente|cobranças existentes) \(\d+ valor/);

    const rows = await appDb()
      .selectFrom("billing as b")
      .leftJoin("billing_documents as d", "d.billing_id", "b.id")
      .select(["b.id", "b.amount_cents", "d.file_name", "d.digitable_line"])
      .where("b.client_id", "=", client.id)
      .execute();
    expect(rows).toEqual([
      { id: billing.id, amount_cents: 160000, file_name: `boleto-dora-${tag}.pdf`, digitable_line: slip.line },
    ]);

    // The same boleto again: said on the page, refused at confirmation, the draft kept.
    const again = await analyse(page, client.name, `boleto-dora-de-novo-${tag}.pdf`, slip.bytes, js);
    const message = `Este boleto já foi registrado: a mesma linha digitável está na cobrança de fevereiro de 2027 de ${client.name}.`;
    await expect(page.getByRole("alert").filter({ hasText: "Boleto já registrado" })).toContainText(message);
    await page.getByLabel("Valor (R$)").fill("1.700,00");
    await page.getByRole("button", { name: "Confirmar e Criar Cobrança" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Boleto já registrado" })).toContainText(message);
    await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/boletos/${again}$`));
    await expect(page.getByLabel("Valor (R$)")).toHaveValue("1.700,00");
    expect(
      (
        await appDb()
          .selectFrom("boleto_queue")
          .select("confirmed_at")
          .where("id", "=", again)
          .executeTakeFirstOrThrow()
      ).confirmed_at,
    ).toBeNull();
    await page.getByRole("button", { name: "Analisar Novamente" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/boleto\\?cliente=${client.id}$`));
    expect(await count("boleto_queue", (eb) => eb("id", "=", again))).toBe(0);
  });
}

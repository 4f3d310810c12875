import { chargesOn } from "#app/models/billing/charges";
import { billingTxid } from "#app/models/billing/pix";
import { localToday, addDays } from "#app/models/shared/days";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { businessDayOnOrBefore } from "#tests/fixtures/business-days";
import { appDb } from "#tests/fixtures/db";
import { buildCnab400, buildOfx } from "#tests/fixtures/statements/build";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// Reconciling the bank statement (issue 20), as staff live it, without
// JavaScript (and with it): two tenants with open billings, an OFX statement with their two
// credits (one names the billing's Pix txid: exact; one only the tenant's
// name and the amount: probable), one credit of someone else and one debit.
// After Confirmar both billings are Pago with the credit's date and amount
// and a receipt; the stranger's credit stays unmatched; the same file again
// settles nothing.

// The imports this test made, and their files, go with it.
const imported: number[] = [];
test.afterEach(async () => {
  if (imported.length === 0) return;
  const rows = await appDb().selectFrom("statement_imports").select("file_key").where("id", "in", imported).execute();
  await appDb().deleteFrom("statement_imports").where("id", "in", imported).execute();
  await removePrivateFiles(rows.map((r) => r.file_key));
});
const importId = (url: string) => {
  const id = Number(/\/admin\/extratos\/(\d+)$/.exec(url)?.[1]);
  imported.push(id);
  return id;
};

const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

for (const js of [false, true]) {
  test(`an OFX statement settles the tenants' billings once, after review (JavaScript ${js ? "on" : "off"})`, async ({
    newContext,
    signInAs,
    createClient,
    createBilling,
  }) => {
    test.setTimeout(90_000);
    const context = await newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    const today = localToday();
    const tag = uniq();
    const ana = await createClient({ name: `Ana Conciliada ${tag}`, cpf_cnpj: "" });
    const bruno = await createClient({ name: `Bruno Pagador ${tag}`, cpf_cnpj: "" });
    // Ana's is overdue: the credit pays the rent, the multa and the juros of its day.
    const billing = (amount: number, due_date: string) => ({
      amount_cents: cents(amount),
      due_date,
      month_year: due_date.slice(0, 7),
    });
    // Due on a business day 3 or more days ago: late from the next day
    // (decision 0066), so at least 2 days late on the day she paid.
    const anaDueDate = businessDayOnOrBefore(addDays(today, -3));
    const anaBilling = await createBilling(ana.id, billing(120_000, anaDueDate));
    const brunoBilling = await createBilling(bruno.id, billing(95_050, addDays(today, 4)));
    const anaDay = addDays(today, -1);
    expect(anaBilling.grace_until).toBe(anaDueDate);
    const anaCharges = chargesOn(
      {
        amount_cents: cents(120_000),
        due_date: anaDueDate,
        grace_until: anaBilling.grace_until,
        late_fee_bp: 1000,
        monthly_interest_bp: 100,
      },
      anaDay,
    );
    expect(anaCharges.days).toBeGreaterThanOrEqual(2);
    expect(anaCharges.lateFee).toBe(12_000);
    const anaDue = anaCharges.total;
    const ofx = buildOfx({
      bankId: "0341",
      acctId: `E2E${tag}`,
      sgml: true,
      charset: "latin1",
      lines: [
        { fitid: `${tag}-1`, date: anaDay, amountCents: anaDue, memo: `PIX RECEBIDO ${billingTxid(anaBilling.id)}` },
        {
          fitid: `${tag}-2`,
          date: today,
          amountCents: cents(95_050),
          memo: `PIX RECEBIDO - ${bruno.name.toUpperCase()}`,
        },
        { fitid: `${tag}-3`, date: today, amountCents: cents(43_210), memo: `TED RECEBIDA ESTRANHO ${tag}` },
        { fitid: `${tag}-4`, date: today, amountCents: cents(-15_000), memo: "PAGTO TARIFA" },
      ],
    });

    await signInAs("admin", context);
    await page.goto("/admin/clients?aba=cobrancas");
    await page.getByRole("link", { name: "Importar Extrato" }).click();
    await expect(page).toHaveURL(/\/admin\/extratos$/);

    // A file that is not a statement: said on the page, nothing stored.
    // Named for this test alone: other workers import statements meanwhile.
    const junk = `nao-e-extrato-${tag}.ofx`;
    await page.getByLabel("Arquivo").setInputFiles({
      name: junk,
      mimeType: "application/x-ofx",
      buffer: Buffer.from("isto não é um extrato"),
    });
    await page.getByRole("button", { name: "Importar extrato" }).click();
    await expect(page.getByRole("alert")).toContainText("Extrato não importado");
    expect(await appDb().selectFrom("statement_imports").select("id").where("file_name", "=", junk).execute()).toEqual(
      [],
    );

    await page
      .getByLabel("Arquivo")
      .setInputFiles({ name: `extrato-${tag}.ofx`, mimeType: "application/x-ofx", buffer: ofx });
    await page.getByRole("button", { name: "Importar extrato" }).click();
    await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
    importId(page.url());
    await expect(page.getByTestId("toast")).toContainText("1 com correspondência exata, 1 provável");
    await expect(page.getByTestId("statement-counts")).toContainText("4 lançamentos: 3 créditos, 1 débito");

    const matched = page.getByTestId("matched-credits");
    const anaBox = matched.getByRole("checkbox", { name: new RegExp(ana.name) });
    const brunoBox = matched.getByRole("checkbox", { name: new RegExp(bruno.name) });
    await expect(anaBox).toBeChecked();
    await expect(brunoBox).not.toBeChecked();
    await expect(matched.locator("tr", { hasText: bruno.name })).toContainText("Provável: nome do pagador e valor");
    await expect(page.getByTestId("unmatched-credits")).toContainText(`TED RECEBIDA ESTRANHO ${tag}`);
    await brunoBox.check();
    await page.getByRole("button", { name: "Confirmar" }).click();

    await expect(page.getByTestId("toast")).toContainText("2 cobranças baixadas como Pago, com recibo.");
    const settled = page.getByTestId("settled-credits");
    await expect(settled).toContainText(ana.name);
    await expect(settled).toContainText(bruno.name);
    await expect(settled.getByRole("link", { name: /Recibo nº \d+/ })).toHaveCount(2);
    await expect(page.getByTestId("unmatched-credits")).toContainText(`TED RECEBIDA ESTRANHO ${tag}`);

    const paid = async (id: number) =>
      appDb()
        .selectFrom("billing")
        .leftJoin("billing_receipts as r", (j) =>
          j.onRef("r.billing_id", "=", "billing.id").on("r.voided_at", "is", null),
        )
        .select(["billing.status", "billing.payment_date", "billing.amount_paid_cents", "r.id as receipt"])
        .where("billing.id", "=", id)
        .execute();
    const anaRows = await paid(anaBilling.id);
    expect(anaRows).toEqual([
      { status: "paid", payment_date: anaDay, amount_paid_cents: anaDue, receipt: expect.any(Number) },
    ]);
    const brunoRows = await paid(brunoBilling.id);
    expect(brunoRows).toEqual([
      { status: "paid", payment_date: today, amount_paid_cents: cents(95_050), receipt: expect.any(Number) },
    ]);

    // The same file again: not imported twice; the page names the first import and links to it.
    const firstUrl = page.url();
    await page.goto("/admin/extratos");
    const again = `outro-nome-${tag}.ofx`;
    await page.getByLabel("Arquivo").setInputFiles({ name: again, mimeType: "application/x-ofx", buffer: ofx });
    await page.getByRole("button", { name: "Importar extrato" }).click();
    await expect(page.getByTestId("already-imported")).toContainText(
      /^Este arquivo já foi importado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por /,
    );
    // No import of it (counted by its name: other workers import statements meanwhile).
    expect(await appDb().selectFrom("statement_imports").select("id").where("file_name", "=", again).execute()).toEqual(
      [],
    );
    await page.getByRole("link", { name: "Ver a primeira importação" }).click();
    await expect(page).toHaveURL(firstUrl);

    // Another download of the same days (one more line): every credit the first settled is
    // "já conciliado"; nothing is paid twice.
    const wider = buildOfx({
      bankId: "0341",
      acctId: `E2E${tag}`,
      sgml: true,
      charset: "latin1",
      lines: [
        { fitid: `${tag}-1`, date: anaDay, amountCents: anaDue, memo: `PIX RECEBIDO ${billingTxid(anaBilling.id)}` },
        {
          fitid: `${tag}-2`,
          date: today,
          amountCents: cents(95_050),
          memo: `PIX RECEBIDO - ${bruno.name.toUpperCase()}`,
        },
        { fitid: `${tag}-3`, date: today, amountCents: cents(43_210), memo: `TED RECEBIDA ESTRANHO ${tag}` },
        { fitid: `${tag}-4`, date: today, amountCents: cents(-15_000), memo: "PAGTO TARIFA" },
        { fitid: `${tag}-5`, date: today, amountCents: cents(-1_000), memo: "PAGTO TARIFA PIX" },
      ],
    });
    await page.goto("/admin/extratos");
    await page
      .getByLabel("Arquivo")
      .setInputFiles({ name: `extrato-${tag}-b.ofx`, mimeType: "application/x-ofx", buffer: wider });
    await page.getByRole("button", { name: "Importar extrato" }).click();
    await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
    importId(page.url());
    await expect(page.getByTestId("toast")).toContainText("2 já conciliados antes");
    await expect(page.getByTestId("matched-credits")).toHaveCount(0);
    await expect(page.getByTestId("already-credits")).toContainText(billingTxid(anaBilling.id));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByTestId("toast")).toContainText("Nenhuma cobrança foi baixada.");
    expect(await paid(anaBilling.id)).toEqual(anaRows);
    expect(await paid(brunoBilling.id)).toEqual(brunoRows);
    const receipts = await appDb()
      .selectFrom("billing_receipts")
      .select("id")
      .where("billing_id", "in", [anaBilling.id, brunoBilling.id])
      .execute();
    expect(receipts).toHaveLength(2);
  });
}

test("a CNAB 400 retorno (Itaú) is read, its movements named, its liquidation settled (JavaScript off)", async ({
  newContext,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(90_000);
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const today = localToday();
  const tag = uniq();
  // The bank cuts names and drops digits: the tag spelled in letters keeps this tenant apart.
  const letters = tag.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const carla = await createClient({ name: `Carla Retorno ${letters}`, cpf_cnpj: "" });
  const due = addDays(today, 2);
  const billing = await createBilling(carla.id, {
    amount_cents: cents(87_650),
    due_date: due,
    month_year: due.slice(0, 7),
  });
  const nosso = tag.slice(-8).padStart(8, "0");
  const retorno = buildCnab400({
    bank: "341",
    agency: "0057",
    account: `${tag.slice(-5)}-1`,
    items: [
      // The title registered (information), paid by the tenant (a credit), its tarifa debited.
      { nossoNumero: nosso, ocorrencia: "02", occurrenceDate: addDays(today, -6), creditDate: null, paidCents: 0 },
      {
        nossoNumero: nosso,
        ocorrencia: "06",
        occurrenceDate: addDays(today, -1),
        creditDate: today,
        paidCents: 87_650,
        feesCents: 250,
        payerName: carla.name.toUpperCase(),
      },
      { nossoNumero: nosso, ocorrencia: "28", occurrenceDate: today, creditDate: null, paidCents: 0, feesCents: 250 },
    ],
  });

  await signInAs("admin", context);
  await page.goto("/admin/extratos");
  // A name that says nothing: the content tells a CNAB 400.
  await page.getByLabel("Arquivo").setInputFiles({ name: `CN${tag}.txt`, mimeType: "text/plain", buffer: retorno });
  await page.getByRole("button", { name: "Importar extrato" }).click();
  await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
  importId(page.url());
  await expect(page.getByText("CNAB 400 (retorno)")).toBeVisible();
  await expect(page.getByTestId("statement-counts")).toContainText(
    "3 lançamentos: 1 crédito, 1 débito (débitos não são conciliados), 1 informativo (sem valor)",
  );
  const matched = page.getByTestId("matched-credits");
  await expect(matched.locator("tr", { hasText: carla.name })).toContainText("06 Liquidação normal");

  // The movements that are not credits, listed by the summary's links.
  await page.getByRole("link", { name: /^Informativos/ }).click();
  await expect(page.getByTestId("info-lines")).toContainText("02 Entrada confirmada");
  await page.getByRole("link", { name: /^Débitos/ }).click();
  await expect(page.getByTestId("debit-lines")).toContainText("28 Tarifa de relação das liquidações");
  await expect(page.getByTestId("debit-lines")).toContainText("-R$ 2,50");

  await page.getByRole("link", { name: "Todos os créditos" }).first().click();
  await page
    .getByTestId("matched-credits")
    .getByRole("checkbox", { name: new RegExp(carla.name) })
    .check();
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByTestId("toast")).toContainText("1 cobrança baixada como Pago, com recibo.");
  const row = await appDb()
    .selectFrom("billing")
    .select(["status", "payment_date", "amount_paid_cents"])
    .where("id", "=", billing.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: "paid", payment_date: today, amount_paid_cents: cents(87_650) });
});

import { periodLabel } from "#app/models/billing/months";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { formatBRL, cents } from "#app/models/shared/money";
import { localToday, addDays, addMonths } from "#app/models/shared/days";
import { appDb } from "#tests/fixtures/db";
import { readOutbox } from "#tests/fixtures/eml";
import { E2E_OUTBOX } from "#tests/setup/paths";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Repasses (issue 22), as staff live them, without JavaScript: an owner with
// two contracts, both rents paid this month through the billing dialog; the
// owner's statement shows each rent with its fee (10% administration on one,
// half of the first rent on the other) and the net; marking the transfer done
// makes it final and numbered with its PDF; an estorno after it puts the
// debit on the owner's next statement, where staff also post a deduction.

test.use({ javaScriptEnabled: false });

const owners: number[] = [];
test.afterEach(async () => {
  if (owners.length === 0) return;
  const ids = owners.splice(0);
  // The owners' entries first: they name the owners, statements and billings.
  const entries = await appDb().selectFrom("owner_entries").select("id").where("owner_id", "in", ids).execute();
  if (entries.length > 0) {
    const eIds = entries.map((e) => e.id);
    await appDb().deleteFrom("owner_statement_entries").where("entry_id", "in", eIds).execute();
    await appDb().updateTable("owner_entries").set({ reverses_id: null }).where("id", "in", eIds).execute();
    await appDb().deleteFrom("owner_entries").where("id", "in", eIds).execute();
  }
  const statements = await appDb()
    .selectFrom("owner_statements")
    .select(["id", "file_key"])
    .where("owner_id", "in", ids)
    .execute();
  if (statements.length > 0) {
    const sIds = statements.map((s) => s.id);
    await appDb().deleteFrom("billing_transfers").where("owner_statement_id", "in", sIds).execute();
    await appDb()
      .updateTable("billing")
      .set({ owner_statement_id: null })
      .where("owner_statement_id", "in", sIds)
      .execute();
    await appDb().deleteFrom("owner_statements").where("id", "in", sIds).execute();
    await removePrivateFiles(statements.map((s) => s.file_key));
  }
  await appDb().deleteFrom("owners").where("id", "in", ids).execute();
  await appDb().deleteFrom("income_report_emails").where("year", "=", YEAR).execute();
});

// The informes test's payments are in a year no other test pays in, so that
// "Enviar todos" emails only its own people.
const YEAR = 2001;

test("an owner's month: two rents received, the statement's net, the transfer marked done", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const today = localToday();
  const month = today.slice(0, 7);
  const now = new Date().toISOString();
  const owner = await appDb()
    .insertInto("owners")
    .values({
      name: `Proprietária Repasse ${tag}`,
      email: `dona-${tag}@exemplo.com.br`,
      pix_key: `dona-${tag}@exemplo.com.br`,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  owners.push(owner.id);
  const ownerName = `Proprietária Repasse ${tag}`;
  // Fees as the client form stores them, in basis points.
  const carlos = await createClient({ name: `Carlos Repasse ${tag}`, owner_id: owner.id, admin_fee_percent: 1000 });
  const marina = await createClient({
    name: `Marina Repasse ${tag}`,
    owner_id: owner.id,
    admin_fee_percent: 800,
    first_rent_fee_percent: 5000,
  });
  // Carlos's first rent was billed a month ago (still open); this month's is his second.
  const earlier = addDays(today, -35);
  await createBilling(carlos.id, { month_year: earlier.slice(0, 7), due_date: earlier, amount_cents: cents(150_000) });
  const carlosRent = await createBilling(carlos.id, {
    month_year: month,
    due_date: today,
    amount_cents: cents(150_000),
  });
  const marinaRent = await createBilling(marina.id, {
    month_year: month,
    due_date: today,
    amount_cents: cents(200_000),
  });

  await signInAs("admin");
  for (const b of [carlosRent, marinaRent]) {
    await page.goto(`/admin/clients/cobrancas/${b.id}`);
    await page.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(page.getByTestId("toast")).toContainText("Pagamento registrado!");
  }

  await page.goto("/admin/clients?aba=proprietarios");
  await page.getByRole("link", { name: "Repasses" }).click();
  await expect(page).toHaveURL(/\/admin\/repasses$/);
  await page.goto(`/admin/repasses?mes=${month}`);
  await expect(page.getByRole("heading", { name: `Recebidos em ${periodLabel(month)}` })).toBeVisible();
  const pending = page.getByTestId("pending-transfers").locator("tr", { hasText: ownerName });
  // Received 1.500 + 2.000; fees 150 (10%) + 1.000 (half of Marina's first rent).
  await expect(pending).toContainText(formatBRL(350_000));
  await expect(pending).toContainText(formatBRL(115_000));
  await expect(pending).toContainText(formatBRL(235_000));

  await pending.getByRole("link", { name: ownerName }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/repasses/${owner.id}/${month}$`));
  await expect(page.getByRole("heading", { name: ownerName })).toBeVisible();
  const lines = page.getByTestId("statement-lines");
  await expect(lines.locator("tr", { hasText: carlos.name })).toContainText(`− ${formatBRL(15_000)}`);
  await expect(lines.locator("tr", { hasText: carlos.name })).toContainText("administração");
  await expect(lines.locator("tr", { hasText: marina.name })).toContainText(`− ${formatBRL(100_000)}`);
  await expect(lines.locator("tr", { hasText: marina.name })).toContainText("1º aluguel");
  await expect(page.getByTestId("statement-totals")).toContainText(`Valor a repassar${formatBRL(235_000)}`);

  // A date before the month is refused beside its field, nothing written.
  await page.getByLabel("Data do repasse").fill(`${addDays(`${month}-01`, -1)}`);
  await page.getByRole("button", { name: `Confirmar repasse de ${formatBRL(235_000)}` }).click();
  await expect(page.getByText("Informe a data do repasse: do primeiro dia do mês até hoje.")).toBeVisible();
  expect(await appDb().selectFrom("owner_statements").select("id").where("owner_id", "=", owner.id).execute()).toEqual(
    [],
  );

  await page.getByLabel("Data do repasse").fill(today);
  await page.getByRole("button", { name: `Confirmar repasse de ${formatBRL(235_000)}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Repasse registrado");
  const statement = await appDb()
    .selectFrom("owner_statements")
    .select(["id", "net_cents", "gross_cents", "transferred_on"])
    .where("owner_id", "=", owner.id)
    .executeTakeFirstOrThrow();
  expect(statement).toMatchObject({ net_cents: 235_000, gross_cents: 350_000, transferred_on: today });
  await expect(page.getByText(`Extrato nº ${statement.id}: repassado em`)).toBeVisible();
  await expect(page.getByRole("button", { name: /Confirmar repasse/ })).toHaveCount(0);
  const pdf = await page.request.get(`/arquivos/extratos-proprietario/${statement.id}?download=1`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The owner's copy, with the PDF drawn after the transfer, goes out on its own.
  await expect
    .poll(() => readOutbox(E2E_OUTBOX).filter((m) => m.to.includes(`dona-${tag}@exemplo.com.br`)).length)
    .toBe(1);
  const mail = readOutbox(E2E_OUTBOX).find((m) => m.to.includes(`dona-${tag}@exemplo.com.br`))!;
  expect(mail.subject).toBe(`Extrato do proprietário nº ${statement.id}: repasse de ${periodLabel(month)}`);
  expect(mail.attachments.map((f) => [f.filename, f.content.subarray(0, 5).toString()])).toEqual([
    [`Extrato do Proprietário nº ${statement.id}.pdf`, "%PDF-"],
  ]);

  await page.goto(`/admin/repasses?mes=${month}`);
  await expect(page.getByTestId("pending-transfers").locator("tr", { hasText: ownerName })).toHaveCount(0);
  const done = page.getByTestId("done-transfers").locator("tr", { hasText: ownerName });
  await expect(done).toContainText(`nº ${statement.id}`);
  await expect(done).toContainText(formatBRL(235_000));

  // The money went to the owner; Carlos's payment is then reversed (the
  // Pix came back): the page says what the owner was paid comes off the next
  // transfer, the receipt is cancelled, and the owner's next statement shows
  // the debit (decision 0064).
  const receipt = await appDb()
    .selectFrom("billing_receipts")
    .select("id")
    .where("billing_id", "=", carlosRent.id)
    .executeTakeFirstOrThrow();
  await page.goto(`/admin/clients/cobrancas/${carlosRent.id}`);
  await page.getByRole("link", { name: "Estornar pagamento" }).click();
  await expect(page.getByTestId("reverse-transferred")).toContainText(
    `já foi repassado a ${ownerName} (extrato nº ${statement.id}): ${formatBRL(135_000)} serão descontados do próximo repasse`,
  );
  await page.getByLabel("Motivo do estorno").fill("Pix devolvido");
  await page.getByRole("button", { name: "Confirmar estorno" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Recibo nº ${receipt.id} cancelado.`);
  await expect(page.getByTestId("toast")).toContainText("descontado do próximo repasse do proprietário");
  await page.goto(`/admin/clients/cobrancas/${carlosRent.id}`);
  await expect(page.getByText(/cancelado em .*\(Pix devolvido\)/)).toBeVisible();

  const next = addMonths(month, 1);
  await page.goto(`/admin/repasses/${owner.id}/${next}`);
  const deductions = page.getByTestId("statement-deductions");
  await expect(deductions).toContainText(
    `Estorno: ${carlos.name} ${periodLabel(month)} — recibo nº ${receipt.id} cancelado`,
  );
  await expect(deductions).toContainText(`− ${formatBRL(135_000)}`);

  // "Lançar desconto" on the same page: the description is required (the
  // typed amount stays), then it is listed; the same form posted again
  // (the browser's back and submit) writes nothing more.
  await page.getByLabel("Valor (R$)").fill("80,00");
  await page.getByRole("button", { name: "Lançar desconto" }).click();
  await expect(page.getByText("Descreva o desconto (por exemplo, o conserto e o imóvel).")).toBeVisible();
  await expect(page.getByLabel("Valor (R$)")).toHaveValue("80,00");
  await page.getByLabel("Descrição").fill("Conserto da pia");
  const key = await page.locator('input[name="chave"]').getAttribute("value");
  await page.getByRole("button", { name: "Lançar desconto" }).click();
  await expect(page.getByTestId("toast")).toContainText("Desconto lançado");
  await expect(deductions).toContainText("Conserto da pia");
  await expect(deductions).toContainText(`− ${formatBRL(8_000)}`);
  const again = await page.request.post(`/admin/repasses/${owner.id}/${next}`, {
    form: { intent: "deduction", description: "Conserto da pia", amount: "80,00", on_date: today, chave: key! },
    maxRedirects: 0,
  });
  expect([302, 303]).toContain(again.status());
  expect(
    await appDb()
      .selectFrom("owner_entries")
      .select(["kind", "amount_cents"])
      .where("owner_id", "=", owner.id)
      .orderBy("id")
      .execute(),
  ).toEqual([
    { kind: "estorno", amount_cents: 135_000 },
    { kind: "deduction", amount_cents: 8_000 },
  ]);

  // It was the wrong owner's repair: "Cancelar" (the estorno is not
  // cancellable here) asks why, then a cancelling entry nets it out.
  const pia = deductions.locator("li", { hasText: "Conserto da pia" });
  await expect(deductions.locator("li", { hasText: "Estorno:" }).getByText("Cancelar")).toHaveCount(0);
  await pia.getByText("Cancelar", { exact: true }).click();
  await pia.getByLabel("Motivo do cancelamento").fill("Era de outro imóvel");
  await pia.getByRole("button", { name: `Cancelar desconto de ${formatBRL(8_000)}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Desconto cancelado");
  await expect(deductions).toContainText("Cancelamento: Conserto da pia (Era de outro imóvel)");
  await expect(deductions.getByText("Cancelar", { exact: true })).toHaveCount(0);
  expect(
    await appDb()
      .selectFrom("owner_entries")
      .select(["amount_cents", "reverses_id"])
      .where("owner_id", "=", owner.id)
      .where("kind", "=", "deduction")
      .orderBy("id")
      .execute(),
  ).toEqual([
    { amount_cents: 8_000, reverses_id: null },
    { amount_cents: -8_000, reverses_id: expect.any(Number) },
  ]);
});

test("the informes de rendimentos of a year: listed, as PDFs, and emailed on request", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  const tag = uniq();
  const now = new Date().toISOString();
  const ownerName = `Dono Informe ${tag}`;
  const owner = await appDb()
    .insertInto("owners")
    .values({ name: ownerName, email: `dono-${tag}@exemplo.com.br`, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  owners.push(owner.id);
  const tenant = await createClient({
    name: `Inquilina Informe ${tag}`,
    owner_id: owner.id,
    first_rent_fee_percent: 0,
  });
  for (const m of ["03", "04"]) {
    const b = await createBilling(tenant.id, {
      month_year: `${YEAR}-${m}`,
      due_date: `${YEAR}-${m}-05`,
      amount_cents: cents(80_000),
    });
    await appDb()
      .updateTable("billing")
      .set({ status: "paid", payment_date: `${YEAR}-${m}-05`, amount_paid_cents: cents(80_000) })
      .where("id", "=", b.id)
      .execute();
  }

  await signInAs("admin");
  await page.goto("/admin/repasses");
  await page.getByRole("link", { name: "Informes de Rendimentos" }).click();
  await page.getByLabel("Ano-calendário").fill(String(YEAR));
  await page.getByRole("button", { name: "Ver" }).click();
  await expect(page).toHaveURL(new RegExp(`ano=${YEAR}`));
  // Received 1.600,00; 10% administration on each rent: 1.440,00 net.
  const ownerRow = page.getByTestId("owner-reports").locator("tr", { hasText: ownerName });
  await expect(ownerRow).toContainText(formatBRL(160_000));
  await expect(ownerRow).toContainText(formatBRL(144_000));
  await expect(ownerRow).toContainText("Não enviado");
  await expect(page.getByTestId("tenant-reports").locator("tr", { hasText: tenant.name })).toContainText(
    formatBRL(160_000),
  );
  const pdf = await page.request.get(`/admin/informes/proprietario/${owner.id}?ano=${YEAR}`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("button", { name: `Enviar todos os informes de ${YEAR} por email` }).click();
  await expect(page.getByTestId("toast")).toContainText(`2 informes de ${YEAR} a caminho por email.`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("owner-reports").locator("tr", { hasText: ownerName })).toContainText("Enviado em");
  }).toPass({ timeout: 15_000 });
  const mails = readOutbox(E2E_OUTBOX).filter(
    (m) => m.to.includes(`dono-${tag}@exemplo.com.br`) || m.to.includes(tenant.email),
  );
  expect(mails.map((m) => m.subject).sort()).toEqual([`Aluguéis pagos em ${YEAR}`, `Informe de rendimentos ${YEAR}`]);
  // Asking again sends nothing twice.
  await page.getByRole("button", { name: `Enviar todos os informes de ${YEAR} por email` }).click();
  await expect(page.getByTestId("toast")).toContainText(`Todos os informes de ${YEAR} já foram pedidos.`);
});

test("the transfers of selected owners marked done at once: one refused because a payment came meanwhile", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const today = localToday();
  const month = today.slice(0, 7);
  const now = new Date().toISOString();
  const people: { owner: number; name: string; tenant: number }[] = [];
  for (const who of ["Alice", "Bruno"]) {
    const name = `${who} Lote ${tag}`;
    const owner = await appDb()
      .insertInto("owners")
      .values({ name, email: `${who.toLowerCase()}-${tag}@exemplo.com.br`, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    owners.push(owner.id);
    const tenant = await createClient({
      name: `Inquilino de ${who} ${tag}`,
      owner_id: owner.id,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
    });
    people.push({ owner: owner.id, name, tenant: tenant.id });
  }
  const pay = async (on: typeof page, tenant: number, due: string) => {
    const b = await createBilling(tenant, { month_year: due.slice(0, 7), due_date: due, amount_cents: cents(100_000) });
    await on.goto(`/admin/clients/cobrancas/${b.id}`);
    await on.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(on.getByTestId("toast")).toContainText("Pagamento registrado!");
  };
  await signInAs("admin");
  for (const p of people) await pay(page, p.tenant, today);

  await page.goto(`/admin/repasses?mes=${month}&busca=${encodeURIComponent(`Lote ${tag}`)}`);
  const pending = page.getByTestId("pending-transfers");
  for (const p of people) await pending.getByRole("checkbox", { name: `Selecionar ${p.name}` }).check();
  // Meanwhile, in another tab, another rent of Bruno's is received: the amount ticked is stale.
  const other = await page.context().newPage();
  await pay(other, people[1].tenant, addDays(today, -40));
  await other.close();

  await page.getByRole("button", { name: "Marcar selecionados como repassados" }).click();
  const summary = page.getByTestId("bulk-transfer-summary");
  await expect(summary).toContainText("1 repasse registrado; 1 recusado");
  const alice = await appDb()
    .selectFrom("owner_statements")
    .select(["id", "net_cents"])
    .where("owner_id", "=", people[0].owner)
    .executeTakeFirstOrThrow();
  expect(alice.net_cents).toBe(90_000);
  await expect(summary).toContainText(
    `${people[0].name}: ${formatBRL(90_000)}, Extrato do Proprietário nº ${alice.id}`,
  );
  await expect(summary).toContainText(
    `${people[1].name}: os recebimentos mudaram desde que a página foi aberta; confira o extrato`,
  );
  expect(
    await appDb().selectFrom("owner_statements").select("id").where("owner_id", "=", people[1].owner).execute(),
  ).toEqual([]);
  // The list as it is now: Alice done, Bruno still pending with both rents.
  await expect(page.getByTestId("done-transfers")).toContainText(people[0].name);
  const received = await appDb()
    .selectFrom("billing")
    .select((eb) => eb.fn.sum<number>("amount_paid_cents").as("cents"))
    .where("client_id", "=", people[1].tenant)
    .executeTakeFirstOrThrow();
  expect(Number(received.cents)).toBeGreaterThan(200_000); // two rents, the late one with its fee
  await expect(pending.locator("tr", { hasText: people[1].name })).toContainText(formatBRL(Number(received.cents)));

  // Bruno again, with the amount the page shows now: done, back to the same list with a toast.
  await pending.getByRole("checkbox", { name: `Selecionar ${people[1].name}` }).check();
  await page.getByRole("button", { name: "Marcar selecionados como repassados" }).click();
  await expect(page.getByTestId("toast")).toContainText("1 repasse registrado");
  await expect(page).toHaveURL(new RegExp(`busca=`));
  await expect(page.getByTestId("done-transfers")).toContainText(people[1].name);
});

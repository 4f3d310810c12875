import { billingTxid } from "#app/models/billing/pix";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { addDays, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { buildOfx } from "#tests/fixtures/statements/build";
import { expect, test } from "#tests/fixtures/test";

// The review of a statement as a list (issue 34), without JavaScript: 30
// credits (a page holds 25) and a debit. The summary counts the whole
// statement on every page; the pages and the state filter are links and a
// GET form; Confirmar on page 1 also settles the exact match shown on page 2,
// as the page says.

const imported: number[] = [];
test.afterEach(async () => {
  if (imported.length === 0) return;
  const rows = await appDb().selectFrom("statement_imports").select("file_key").where("id", "in", imported).execute();
  await appDb().deleteFrom("statement_imports").where("id", "in", imported).execute();
  await removePrivateFiles(rows.map((r) => r.file_key));
});

test("a statement's review is paged and filtered by state, and Confirmar settles the whole statement (JavaScript off)", async ({
  newContext,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(90_000);
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const today = localToday();
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const ana = await createClient({ name: `Ana Paginada ${tag}`, cpf_cnpj: "" });
  const bruno = await createClient({ name: `Bruno Provavel ${tag}`, cpf_cnpj: "" });
  const due = addDays(today, 3);
  const anaBilling = await createBilling(ana.id, {
    amount_cents: cents(150_000),
    due_date: due,
    month_year: due.slice(0, 7),
  });
  const brunoBilling = await createBilling(bruno.id, {
    amount_cents: cents(97_030),
    due_date: due,
    month_year: due.slice(0, 7),
  });
  // Bruno's credit (probable) is the 2nd line, Ana's (exact) the 28th: page 2.
  const lines = Array.from({ length: 30 }, (_, i) => ({
    fitid: `${tag}-${i}`,
    date: today,
    amountCents: cents(1_000 + i),
    memo: `TED RECEBIDA DESCONHECIDO ${i} ${tag}`,
  }));
  lines[1] = { ...lines[1]!, amountCents: cents(97_030), memo: `PIX RECEBIDO - ${bruno.name.toUpperCase()}` };
  lines[27] = { ...lines[27]!, amountCents: cents(150_000), memo: `PIX RECEBIDO ${billingTxid(anaBilling.id)}` };
  const ofx = buildOfx({
    bankId: "0341",
    acctId: `PAG${tag}`,
    lines: [...lines, { fitid: `${tag}-d`, date: today, amountCents: cents(-2_500), memo: "TARIFA" }],
  });

  await signInAs("admin", context);
  await page.goto("/admin/extratos");
  await page
    .getByLabel("Arquivo")
    .setInputFiles({ name: `pag-${tag}.ofx`, mimeType: "application/x-ofx", buffer: ofx });
  await page.getByRole("button", { name: "Importar extrato" }).click();
  await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
  const id = Number(/\/admin\/extratos\/(\d+)$/.exec(page.url())![1]);
  imported.push(id);

  // The summary: the whole statement, whatever the page.
  const summary = page.getByTestId("review-summary");
  await expect(summary.locator('[data-state="exata"]')).toContainText("1");
  await expect(summary.locator('[data-state="exata"]')).toContainText("R$ 1.500,00");
  await expect(summary.locator('[data-state="provavel"]')).toContainText("R$ 970,30");
  await expect(summary.locator('[data-state="sem-correspondencia"]')).toContainText("28");
  await expect(summary.locator('[data-state="debitos"]')).toContainText("1");
  await expect(page.getByText("30 créditos · página 1 de 2")).toBeVisible();
  // Page 1: Bruno's probable match, not Ana's exact one (page 2), and a note that Confirmar takes it too.
  const matched = page.getByTestId("matched-credits");
  await expect(matched.getByRole("checkbox")).toHaveCount(1);
  await expect(matched).toContainText(bruno.name);
  await expect(page.getByTestId("confirm-scope")).toContainText("a correspondência exata das outras páginas");

  await page.getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/extratos/${id}\\?pagina=2$`));
  await expect(page.getByText("30 créditos · página 2 de 2")).toBeVisible();
  await expect(page.getByTestId("matched-credits")).toContainText(ana.name);
  await expect(page.getByTestId("unmatched-credits").locator("tbody tr")).toHaveCount(4);

  // The filter: a GET form, so the filtered list is a link.
  await page.getByLabel("Situação").selectOption({ label: "Sem correspondência" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/extratos/${id}\\?situacao=sem-correspondencia$`));
  await expect(page.getByText("28 créditos · página 1 de 2")).toBeVisible();
  await expect(page.getByTestId("matched-credits")).toHaveCount(0);
  await expect(page.getByTestId("unmatched-credits").locator("tbody tr")).toHaveCount(25);
  // A link to a page past the end, or an unknown state, is the list, never an error.
  await page.goto(`/admin/extratos/${id}?situacao=nada&pagina=999`);
  await expect(page.getByText("30 créditos · página 2 de 2")).toBeVisible();

  // From page 1, Bruno's box checked: Confirmar settles it and Ana's (page 2) too.
  await summary.getByRole("link", { name: "Todos os créditos" }).click();
  await page.getByTestId("matched-credits").getByRole("checkbox").check();
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByTestId("toast")).toContainText("2 cobranças baixadas como Pago, com recibo.");
  await expect(page.getByTestId("review-summary").locator('[data-state="baixado"]')).toContainText("R$ 2.470,30");
  const statuses = await appDb()
    .selectFrom("billing")
    .select(["id", "status"])
    .where("id", "in", [anaBilling.id, brunoBilling.id])
    .orderBy("id")
    .execute();
  expect(statuses.map((b) => b.status)).toEqual(["paid", "paid"]);
});

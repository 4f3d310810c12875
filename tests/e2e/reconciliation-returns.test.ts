import { billingTxid } from "#app/models/billing/pix";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { addDays, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { buildOfx } from "#tests/fixtures/statements/build";
import { expect, test } from "#tests/fixtures/test";

// Returns and second credits in a statement (issue 35; docs/decisions/0037-reconciliation.md),
// as staff live them without JavaScript: a Pix and its devolução in one
// statement, and a tenant who paid one billing twice (Pix and boleto). The
// review lists the return with the payment it gives back, checked, and the
// double payment with its warning; after Confirmar the returned billing is
// open again with its receipt cancelled, and the second payment is the
// tenant's credit.

const imported: number[] = [];
test.afterEach(async () => {
  if (imported.length === 0) return;
  const rows = await appDb().selectFrom("statement_imports").select("file_key").where("id", "in", imported).execute();
  await appDb().deleteFrom("statement_imports").where("id", "in", imported).execute();
  await removePrivateFiles(rows.map((r) => r.file_key));
});

test("a devolução reverses its Pix and a double payment becomes the tenant's credit (JavaScript off)", async ({
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
  const carla = await createClient({ name: `Carla Devolvida ${tag}`, cpf_cnpj: "" });
  const davi = await createClient({ name: `Davi Dobrado ${tag}`, cpf_cnpj: "" });
  const due = addDays(today, 3);
  const bill = (amount: number) => ({ amount_cents: cents(amount), due_date: due, month_year: due.slice(0, 7) });
  const carlaBill = await createBilling(carla.id, bill(178_050));
  const daviBill = await createBilling(davi.id, bill(80_000));
  const yesterday = addDays(today, -1);
  const ofx = buildOfx({
    bankId: "0341",
    acctId: `DEV${tag}`,
    lines: [
      { fitid: `${tag}-1`, date: yesterday, amountCents: 178_050, memo: `PIX RECEBIDO ${billingTxid(carlaBill.id)}` },
      { fitid: `${tag}-2`, date: today, amountCents: -178_050, memo: `DEVOLUCAO PIX ${billingTxid(carlaBill.id)}` },
      { fitid: `${tag}-3`, date: yesterday, amountCents: 80_000, memo: `PIX RECEBIDO ${billingTxid(daviBill.id)}` },
      { fitid: `${tag}-4`, date: yesterday, amountCents: 80_000, memo: `BOLETO PAGO ${billingTxid(daviBill.id)}` },
    ],
  });

  await signInAs("admin", context);
  await page.goto("/admin/extratos");
  await page
    .getByLabel("Arquivo")
    .setInputFiles({ name: `extrato-${tag}.ofx`, mimeType: "application/x-ofx", buffer: ofx });
  await page.getByRole("button", { name: "Importar extrato" }).click();
  await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
  imported.push(Number(/(\d+)$/.exec(page.url())![1]));

  const returns = page.getByTestId("return-lines");
  await expect(returns).toContainText(`Devolve o pagamento de ${carla.name}`);
  await expect(returns).toContainText("O débito nomeia a cobrança.");
  await expect(returns.getByRole("checkbox")).toBeChecked();
  const doubles = page.getByTestId("second-credits");
  await expect(doubles).toContainText(`${davi.name}`);
  await expect(doubles).toContainText("paga por outro crédito deste extrato");
  await expect(doubles.getByRole("checkbox", { name: new RegExp(davi.name) })).toBeChecked();

  await page.getByRole("button", { name: "Confirmar" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("2 cobranças baixadas como Pago, com recibo.");
  await expect(toast).toContainText("1 pagamento em dobro lançado como crédito do inquilino.");
  await expect(toast).toContainText("1 devolução estornou seu pagamento: a cobrança voltou a ficar em aberto.");

  const carlaRow = await appDb()
    .selectFrom("billing")
    .select(["status", "open_cents"])
    .where("id", "=", carlaBill.id)
    .executeTakeFirstOrThrow();
  expect(carlaRow).toEqual({ status: "pending", open_cents: 178_050 });
  const receipts = await appDb()
    .selectFrom("billing_receipts")
    .select(["voided_at", "void_reason"])
    .where("billing_id", "=", carlaBill.id)
    .execute();
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.void_reason).toContain("Devolução no extrato");
  const daviRow = await appDb()
    .selectFrom("billing")
    .select("status")
    .where("id", "=", daviBill.id)
    .executeTakeFirstOrThrow();
  expect(daviRow.status).toBe("paid");
  // The second payment is Davi's credit, for his next billing.
  const credits = await appDb()
    .selectFrom("ledger_entries")
    .select("amount_cents")
    .where("client_id", "=", davi.id)
    .where("kind", "=", "credit")
    .orderBy("id")
    .execute();
  expect(credits.map((c) => c.amount_cents)).toEqual([80_000, 80_000]);
  const allocated = await appDb()
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.sum<number>("amount_cents").as("total"))
    .where("client_id", "=", davi.id)
    .where("kind", "=", "allocation")
    .executeTakeFirstOrThrow();
  expect(Number(allocated.total)).toBe(80_000);
});

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { periodLabel } from "#app/models/billing/months";
import { rentInputValue } from "#app/models/clients/status";
import { accumulate, newRent } from "#app/models/owners/readjustment";
import { localToday, addDays, addMonths, addMonthsToDay } from "#app/models/shared/days";
import { appDb } from "#tests/fixtures/db";
import { expect, test } from "#tests/fixtures/test";
import { E2E_ENV } from "#tests/setup/e2e-env";
import { cents } from "#app/models/shared/money";

// The yearly readjustment (issue 22, decision 0041) with JavaScript off:
// staff import the Central Bank's SGS CSV of the IGP-M on Índices and see its
// months; a contract whose anniversary is today is readjusted by
// `npm run jobs:run` (twice: nothing more the second time), Editar Cliente
// shows the new rent and the unpaid billings from today carry it.

const run = promisify(execFile);
async function jobsRun() {
  await run("npx", ["tsx", "scripts/jobs-run.ts"], { env: { ...process.env, ...E2E_ENV, NODE_ENV: "production" } });
}

test("staff import the IGP-M and a contract is readjusted on its anniversary (JavaScript off)", async ({
  newContext,
  createClient,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const today = localToday();
  const thisMonth = today.slice(0, 7);
  // The 12 months before this one, as the SGS exports them (one negative month).
  const months = Array.from({ length: 12 }, (_, i) => addMonths(thisMonth, i - 12));
  const rates = months.map((_, i) => (i === 3 ? "-0,30" : "0,50"));
  const csv =
    '"data";"valor"\r\n' +
    months.map((m, i) => `"01/${m.slice(5)}/${m.slice(0, 4)}";"${rates[i]}"`).join("\r\n") +
    "\r\n\r\n";

  const staff = await newContext({ javaScriptEnabled: false });
  await signInAs("admin", staff);
  const page = await staff.newPage();
  await page.goto("/admin");
  await page
    .getByRole("link", { name: /Índices/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Índices" })).toBeVisible();

  // A wrong file: its message, nothing stored.
  const upload = page.locator("form", { has: page.getByLabel("Arquivo CSV") });
  await upload.getByLabel("Índice").selectOption("IGPM");
  await upload.getByLabel("Arquivo CSV").setInputFiles({
    name: "igpm.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("data;valor\n01/01/2020;abc\n"),
  });
  await upload.getByRole("button", { name: "Importar CSV" }).click();
  await expect(page.getByRole("alert")).toContainText("Linha 2");

  await upload.getByLabel("Índice").selectOption("IGPM");
  await upload
    .getByLabel("Arquivo CSV")
    .setInputFiles({ name: "igpm.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await upload.getByRole("button", { name: "Importar CSV" }).click();
  await expect(page.getByTestId("toast")).toContainText("IGP-M importado");
  const table = page.getByTestId("index-IGPM");
  const last = months[11];
  // Newest first: last month, then back 24 months.
  const newest = table.locator("tbody tr").first();
  await expect(newest).toContainText(periodLabel(last));
  await expect(newest).toContainText("0,50%");
  await expect(table).toContainText("-0,30%");

  // A contract started 12 months ago today, for 24 months, IGP-M, its whole
  // plan generated: whole months from the start's anniversaries (first_month
  // "full"; pro rata, the first and last months would be billed by days),
  // the index months M-12 .. M-1 (lag 0, the months imported above).
  const start = addMonthsToDay(today, -12);
  const client = await createClient({
    contract_start_date: start,
    contract_end_date: addDays(addMonthsToDay(start, 24), -1),
    monthly_rent: cents(200_000),
    payment_due_day: 28,
    readjustment_index: "IGPM",
    first_month: "full",
    readjustment_lag_months: 0,
  });
  const plan = await generateContractBillings(appDb(), client.id, null);
  if (!plan.ok) throw new Error("plan");

  await jobsRun();
  await jobsRun();

  // The rates as stored (another test may have typed the same months).
  const values = await appDb()
    .selectFrom("index_values")
    .select(["month", "rate_ppm as ratePpm"])
    .where("index_code", "=", "IGPM")
    .execute();
  const acc = accumulate(today, values);
  if (!acc.ok) throw new Error(`missing ${acc.missing.join(", ")}`);
  const expected = newRent(cents(200_000), acc, false);
  expect(expected).not.toBe(200_000);

  const rows = await appDb().selectFrom("readjustments").selectAll().where("client_id", "=", client.id).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    anniversary: today,
    old_rent_cents: 200_000,
    new_rent_cents: expected,
    last_month: last,
  });
  expect(rows[0].applied_at).not.toBeNull();
  const notice = await appDb()
    .selectFrom("email_outbox")
    .select("sent_at")
    .where("dedupe_key", "=", `readjustment:${rows[0].id}`)
    .executeTakeFirstOrThrow();
  expect(notice.sent_at).not.toBeNull();
  const billings = await appDb()
    .selectFrom("billing")
    .select(["due_date", "amount_cents"])
    .where("client_id", "=", client.id)
    .execute();
  expect(billings).toHaveLength(24);
  expect(billings.filter((b) => b.due_date >= today).every((b) => b.amount_cents === expected)).toBe(true);
  expect(billings.filter((b) => b.due_date < today).every((b) => b.amount_cents === 200_000)).toBe(true);

  await page.goto(`/admin/clients/${client.id}/edit`);
  await expect(page.getByLabel("Aluguel mensal (R$)")).toHaveValue(rentInputValue(expected));
});

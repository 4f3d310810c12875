import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "#app/db/db.server";
import { createUser } from "#app/models/accounts/users.server";
import { createClient } from "#app/models/clients/clients.server";
import { addMonthsToDay, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// "Gerar Cobranças do Mês" (issue 34): every active contract's months due up
// to the issue horizon, now, in one click; the second click creates nothing.
// A second server on its own database: the button acts on every contract,
// which on the shared e2e database would bill other tests' clients.

const USERNAME = "equipe-mes";
const PASSWORD = "senha-do-mes-1";
let server: SecondServer;
let clientId = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSecondServer("generate-month");
  const db = openDatabase(server.databasePath);
  try {
    await createUser(
      db,
      { username: USERNAME, email: `${USERNAME}@teste.com.br`, name: "Equipe Mês", password: PASSWORD, role: "admin" },
      null,
    );
    const today = localToday();
    const created = await createClient(
      db,
      {
        name: "Contrato Em Curso",
        email: "em.curso@teste.com.br",
        username: "em-curso",
        password: "senha-em-curso-1",
        contract_start_date: addMonthsToDay(today, -2),
        contract_end_date: addMonthsToDay(today, 10),
        monthly_rent: cents(150_000),
        payment_due_day: Number(today.slice(8, 10)),
      },
      null,
    );
    if (!created.ok) throw new Error(created.message);
    clientId = created.id;
  } finally {
    await db.destroy();
  }
});

test.afterAll(async () => {
  await server?.stop();
});

async function billingsOf(id: number) {
  const db = openDatabase(server.databasePath);
  try {
    return await db.selectFrom("billing").select(["id", "due_date"]).where("client_id", "=", id).execute();
  } finally {
    await db.destroy();
  }
}

async function press(page: Page) {
  await page.goto(`${server.url}/admin/clients?aba=cobrancas`);
  await page.getByRole("button", { name: "Gerar Cobranças do Mês" }).click();
}

test.use({ javaScriptEnabled: false });

test("Gerar Cobranças do Mês bills every active contract's due months once, audited as the staff member", async ({
  page,
}) => {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("Email ou nome de usuário").fill(USERNAME);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // The hourly job has not run on this contract yet (registered just now, a
  // start in the past): nothing billed.
  expect(await billingsOf(clientId)).toEqual([]);
  await press(page);
  await expect(page.getByTestId("toast")).toContainText("Cobranças do mês geradas");
  await expect(page).toHaveURL(/fila=mes/);
  const first = await billingsOf(clientId);
  expect(first.length).toBeGreaterThan(0);
  expect(first.every((b) => b.due_date >= localToday())).toBe(true);

  await press(page);
  await expect(page.getByTestId("toast")).toContainText("Nenhuma cobrança nova");
  expect(await billingsOf(clientId)).toEqual(first);

  const db = openDatabase(server.databasePath);
  try {
    const audit = await db
      .selectFrom("audit_log")
      .select(["actor_name"])
      .where("entity", "=", "billing")
      .where("entity_id", "=", String(first[0].id))
      .where("action", "=", "create")
      .execute();
    expect(audit).toEqual([{ actor_name: "Equipe Mês" }]);
  } finally {
    await db.destroy();
  }
});

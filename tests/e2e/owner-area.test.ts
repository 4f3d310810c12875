import { removePrivateFiles } from "#app/models/files/private-store.server";
import { FIRST_RENT_NOTE } from "#app/models/owners/statement-words";
import { localToday } from "#app/models/shared/days";
import { cents, formatBRL } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { hydrated, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// The owner's area (issue 37, decision 0077), without JavaScript, the owner
// on a 375 px phone: staff receive the first rent (its first-rent fee), mark
// the transfer done, give the owner access and register a repair above the
// owner's limit; the owner signs in at the site's "Área do Cliente", finds
// the transfer with each line explained, downloads the statement and last
// year's informe, approves the repair, and gets the site's 404 for another
// owner's statement, as a page and as a file. Staff then read the answer.

test.use({ javaScriptEnabled: false });

const owners: number[] = [];
test.afterEach(async () => {
  if (owners.length === 0) return;
  const ids = owners.splice(0);
  const db = appDb();
  const statements = await db
    .selectFrom("owner_statements")
    .select(["id", "file_key"])
    .where("owner_id", "in", ids)
    .execute();
  if (statements.length > 0) {
    const sIds = statements.map((s) => s.id);
    await db.deleteFrom("billing_transfers").where("owner_statement_id", "in", sIds).execute();
    await db.updateTable("billing").set({ owner_statement_id: null }).where("owner_statement_id", "in", sIds).execute();
    await db.deleteFrom("owner_statements").where("id", "in", sIds).execute();
    await removePrivateFiles(statements.map((s) => s.file_key));
  }
  const logins = await db.selectFrom("owners").select("user_id").where("id", "in", ids).execute();
  await db.deleteFrom("owners").where("id", "in", ids).execute();
  // The owners' own logins; a tenant's login the owner shared goes with its lease (the fixture).
  const users = logins.flatMap((l) => (l.user_id === null ? [] : [l.user_id]));
  if (users.length > 0)
    await db
      .deleteFrom("users")
      .where("id", "in", users)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("clients").select("id").whereRef("clients.user_id", "=", "users.id"))),
      )
      .execute();
});

test("an owner on a phone: the transfer explained, the statement and informe downloaded, a repair approved, another owner's statement not found", async ({
  page,
  signInAs,
  createClient,
  createBilling,
  newContext,
}) => {
  test.setTimeout(120_000);
  const tag = uniq();
  const today = localToday();
  const month = today.slice(0, 7);
  const now = new Date().toISOString();
  const db = appDb();
  const insertOwner = async (name: string, email: string) =>
    (
      await db
        .insertInto("owners")
        .values({ name, email, pix_key: email, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const ownerName = `Dona Área ${tag}`;
  const ownerEmail = `dona-area-${tag}@exemplo.com.br`;
  const owner = await insertOwner(ownerName, ownerEmail);
  const stranger = await insertOwner(`Outro Dono ${tag}`, `outro-${tag}@exemplo.com.br`);
  owners.push(owner, stranger);
  // Another owner's final statement: its page and file must stay out of reach.
  const strangerStatement = (
    await db
      .selectFrom("owner_statements")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst()
  )?.id;
  const foreignId = Number(strangerStatement ?? 0) + 1000;
  await db
    .insertInto("owner_statements")
    .values({
      id: foreignId,
      owner_id: stranger,
      month,
      gross_cents: cents(100_000),
      charges_cents: cents(0),
      admin_fee_cents: cents(10_000),
      first_rent_fee_cents: cents(0),
      net_cents: cents(90_000),
      items: "[]",
      transferred_on: today,
      destination: null,
      created_by_name: "Teste",
      created_at: now,
      file_key: `e2e-foreign-statement-${tag}.pdf`,
      file_name: "Extrato alheio.pdf",
      mime_type: "application/pdf",
      size: 10,
    })
    .execute();

  const address = `Rua das Palmeiras, ${tag.slice(-3)} - Centro, Três Lagoas - MS`;
  const tenant = await createClient({
    name: `Inquilino Área ${tag}`,
    owner_id: owner,
    property_address: address,
    admin_fee_percent: 1000,
    first_rent_fee_percent: 5000,
  });
  const rent = await createBilling(tenant.id, { month_year: month, due_date: today, amount_cents: cents(210_000) });
  const request = await db
    .insertInto("maintenance_requests")
    .values({
      client_id: tenant.id,
      title: `Vazamento no banheiro ${tag}`,
      description: "Água escorrendo atrás do vaso.",
      requested_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  // Staff: the first rent received, the transfer marked done.
  await signInAs("admin");
  await page.goto(`/admin/clients/cobrancas/${rent.id}`);
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Pagamento registrado!");
  await page.goto(`/admin/repasses/${owner}/${month}`);
  // 2.100,00 received, half of it the first-rent fee: 1.050,00 transferred.
  await page.getByLabel("Data do repasse").fill(today);
  await page.getByRole("button", { name: /Confirmar repasse/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Repasse registrado");
  const statement = await db
    .selectFrom("owner_statements")
    .select(["id", "net_cents", "destination"])
    .where("owner_id", "=", owner)
    .executeTakeFirstOrThrow();
  expect(statement).toMatchObject({ net_cents: 105_000, destination: `Pix ${ownerEmail}` });

  // "Dar acesso": a new login, its password shown once.
  await page.goto(`/admin/clients?aba=proprietarios&busca=${encodeURIComponent(ownerName)}`);
  await page.getByRole("link", { name: `Área do Proprietário de ${ownerName}` }).click();
  await page.getByLabel("Nome de usuário *").fill(`dona.${tag}`);
  await page.getByRole("button", { name: "Dar acesso" }).click();
  const shown = page.getByTestId("one-time-password");
  await expect(shown).toContainText(`dona.${tag}`);
  const password = (await shown.locator("code").textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9]{8}$/);

  // A repair of 800,00: above the owner's R$ 500,00 limit, it asks the owner.
  await page.goto(`/admin/clients/manutencoes/${request.id}`);
  await page.getByLabel("Descrição do custo").fill("Troca do sifão e da vedação, Encanador Silva");
  await page.getByLabel("Valor (R$)").fill("800,00");
  await page.getByRole("button", { name: "Registrar custo" }).click();
  await expect(page.getByTestId("toast")).toContainText("Aguardando a aprovação de 1 proprietário");

  // The owner, on a phone, from the site's "Área do Cliente".
  const phone = await newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const o = await phone.newPage();
  await o.goto("/client-login");
  await o.getByLabel("Nome de usuário ou Email").fill(ownerEmail);
  await o.locator('[name="password"]').fill(password);
  await o.getByRole("button", { name: "Entrar" }).click();
  await expect(o).toHaveURL(/\/area-do-proprietario$/);
  await expect(o.getByRole("heading", { name: `Bem-vindo(a), ${ownerName}` })).toBeVisible();
  const last = o.getByTestId("ultimos-repasses");
  await expect(last).toContainText(formatBRL(105_000));
  await last.getByRole("link", { name: `Ver extrato nº ${statement.id}` }).click();
  await expect(o.getByTestId("repasse")).toContainText(`para Pix ${ownerEmail}`);
  await expect(o.getByRole("heading", { name: address })).toBeVisible();
  await expect(o.getByText("Taxa do primeiro aluguel (50% do aluguel)")).toBeVisible();
  await expect(o.getByText(FIRST_RENT_NOTE)).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await o.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const pdf = await o.request.get(`/arquivos/extratos-proprietario/${statement.id}?download=1`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const lastYear = Number(today.slice(0, 4)) - 1;
  await o.getByRole("link", { name: "Informes" }).click();
  await o.getByRole("link", { name: String(lastYear), exact: true }).click();
  await expect(o.getByRole("heading", { name: `Informe de rendimentos ${lastYear}` })).toBeVisible();
  const informe = await o.request.get(`/area-do-proprietario/informes/${lastYear}`);
  expect(informe.status()).toBe(200);
  expect(informe.headers()["content-disposition"]).toContain(`Informe de Rendimentos ${lastYear}`);
  expect((await informe.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The repair, approved with a note.
  await o.getByRole("link", { name: "Resumo" }).click();
  const approvals = o.getByTestId("aprovacoes");
  await expect(approvals).toContainText(`Vazamento no banheiro ${tag}`);
  await expect(approvals).toContainText(formatBRL(80_000));
  await approvals.getByLabel("Observação (opcional)").fill("Pode fazer, obrigado.");
  await approvals.getByRole("button", { name: "Aprovar" }).click();
  await expect(o.getByTestId("toast")).toContainText("Custo aprovado");
  await expect(o.getByTestId("aprovacoes")).toHaveCount(0);

  // Another owner's statement: the site's 404, as a page and as a file.
  const foreignPage = await o.goto(`/area-do-proprietario/extratos/${foreignId}`);
  expect(foreignPage?.status()).toBe(404);
  const foreignFile = await o.request.get(`/arquivos/extratos-proprietario/${foreignId}`);
  expect(foreignFile.status()).toBe(404);
  // The tenant's own lease files are not the owner's: a receipt is not found either.
  const receipt = await db
    .selectFrom("billing_receipts")
    .select("id")
    .where("billing_id", "=", rent.id)
    .executeTakeFirstOrThrow();
  expect((await o.request.get(`/arquivos/recibos/${receipt.id}`)).status()).toBe(404);
  await phone.close();

  // Staff read the answer on the request.
  await page.goto(`/admin/clients/manutencoes/${request.id}`);
  await expect(page.getByTestId("custos")).toContainText(`${ownerName}: aprovou em`);
  await expect(page.getByTestId("custos")).toContainText("Pode fazer, obrigado.");
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("a tenant who is also an owner: staff link the tenant login, one login opens both areas", async ({
    page,
    signInAs,
    createClient,
    newContext,
  }) => {
    test.setTimeout(60_000);
    const tag = uniq();
    const now = new Date().toISOString();
    const db = appDb();
    // The person rents one property and owns another (a lease of someone else).
    const person = await createClient({ name: `Pessoa Dupla ${tag}`, cpf_cnpj: "52998224725" });
    const owner = (
      await db
        .insertInto("owners")
        .values({
          name: `Pessoa Dupla ${tag}`,
          cpf_cnpj: "52998224725",
          email: `dupla-${tag}@exemplo.com.br`,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    owners.push(owner);
    const address = `Avenida Rosário Congro, ${tag.slice(-3)} - Três Lagoas - MS`;
    await createClient({ name: `Inquilina do Imóvel ${tag}`, owner_id: owner, property_address: address });

    await signInAs("admin");
    await page.goto(`/admin/clients/proprietarios/${owner}/acesso`);
    await hydrated(page);
    await expect(page.getByText(`usuário ${person.username}`, { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Usar o login de inquilino" }).click();
    await expect(page.getByTestId("toast")).toContainText("Acesso liberado com o login de inquilino");
    await expect(page.getByText("(o mesmo login da Área do Cliente, como inquilino)")).toBeVisible();

    const own = await newContext();
    const p = await own.newPage();
    await p.goto("/client-login");
    await p.getByLabel("Nome de usuário ou Email").fill(person.username);
    await p.locator('[name="password"]').fill(person.password);
    await p.getByRole("button", { name: "Entrar" }).click();
    await expect(p).toHaveURL(/\/client-area$/);
    await hydrated(p);
    await p.getByRole("link", { name: "Área do Proprietário" }).click();
    await expect(p).toHaveURL(/\/area-do-proprietario$/);
    await expect(p.getByRole("link", { name: address })).toBeVisible();
    await p.getByRole("link", { name: "Área do Inquilino" }).click();
    await expect(p).toHaveURL(/\/client-area$/);
    await own.close();
  });
});

import type { Page } from "@playwright/test";
import { formatDate } from "#app/utils/format-date";
import { appDb } from "#tests/fixtures/db";
import { expect, test } from "#tests/fixtures/test";

// Auditoria (issue 9): a staff write shows in the master's audit trail with
// who, when, what and the fields that changed; the page is the master's alone
// and works without JavaScript. Every test acts as fresh accounts and filters
// by them, so rows written by the other worker never get in the way.

const toast = (page: Page) => page.getByTestId("toast");
const auditRows = (page: Page) => page.getByTestId("audit-row");

test("an admin's edit shows in the master's audit trail, filtered by that person (without JavaScript)", async ({
  page,
  admin,
  createProperty,
  createUser,
  newContext,
  signIn,
}) => {
  const property = await createProperty({ featured: false });
  await page.goto("/admin/properties");
  await page
    .getByTestId("property-row")
    .filter({ hasText: property.name })
    .getByRole("button", { name: "Adicionar aos destaques" })
    .click();
  await expect(toast(page)).toContainText("Imóvel adicionado aos destaques");

  const master = await createUser("master");
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(master, context);
  const audit = await context.newPage();
  await audit.goto("/admin/dashboard");
  await audit.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Auditoria" }).click();
  await expect(audit).toHaveURL(/\/admin\/auditoria$/);
  await expect(audit.getByRole("heading", { name: "Auditoria" })).toBeVisible();

  await audit.getByLabel("Pessoa").selectOption({ label: admin.name });
  const today = formatDate(new Date());
  const [day, month, year] = today.split("/");
  await audit.getByLabel("De", { exact: true }).fill(`${year}-${month}-${day}`);
  await audit.getByLabel("Até", { exact: true }).fill(`${year}-${month}-${day}`);
  await audit.getByRole("button", { name: "Filtrar" }).click();
  await expect(audit).toHaveURL(new RegExp(`[?&]pessoa=${admin.id}(&|$)`));
  await expect(auditRows(audit)).toHaveCount(1);
  const row = auditRows(audit).first();
  await expect(row.getByRole("cell").nth(0)).toContainText(today);
  await expect(row.getByRole("cell").nth(1)).toHaveText(admin.name);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Alteração");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Imóvel");
  await expect(row.getByRole("cell").nth(4)).toHaveText(String(property.id));
  await expect(row.getByRole("cell").nth(5)).toHaveText("Destaque: não → sim");
  // The filter stays in the form.
  await expect(audit.getByLabel("Pessoa")).toHaveValue(String(admin.id));

  // Another entity for the same person: nothing.
  await audit.getByLabel("Entidade").selectOption({ label: "Banner" });
  await audit.getByRole("button", { name: "Filtrar" }).click();
  await expect(audit.getByText("Nenhum registro encontrado")).toBeVisible();
  await audit.getByRole("link", { name: "Limpar" }).click();
  await expect(audit).toHaveURL(/\/admin\/auditoria$/);

  // The row in the database: who, what, and the one field that changed.
  const stored = await appDb().selectFrom("audit_log").selectAll().where("actor_id", "=", admin.id).execute();
  expect(stored.map((r) => [r.entity, r.entity_id, JSON.parse(r.changes)])).toEqual([
    ["property", String(property.id), { featured: [0, 1] }],
  ]);
});

test("an admin is refused at /admin/auditoria and has no link to it", async ({ page, admin }) => {
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: `Olá, ${admin.name}` })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Auditoria" }),
  ).toHaveCount(0);
  await page.goto("/admin/auditoria");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(toast(page)).toContainText("Acesso negado");
});

test("a password reset is recorded without the password", async ({ page, master, createUser }) => {
  const target = await createUser("admin");
  await page.goto("/admin/equipe");
  await page
    .getByRole("row")
    .filter({ hasText: target.email })
    .getByRole("button", { name: "Redefinir senha" })
    .click();
  const password = (await page.locator("[role=alert] code").textContent())?.trim() ?? "";
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

  await page.goto(`/admin/auditoria?pessoa=${master.id}&entidade=staff_account`);
  await expect(auditRows(page)).toHaveCount(1);
  const row = auditRows(page).first();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Senha redefinida");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Conta da equipe");
  await expect(row.getByRole("cell").nth(4)).toHaveText(String(target.id));
  await expect(row.getByRole("cell").nth(5)).toHaveText("—");
  expect(await page.content()).not.toContain(password);

  const stored = JSON.stringify(
    await appDb()
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", String(target.id))
      .where("entity", "=", "staff_account")
      .execute(),
  );
  expect(stored).toContain("password_reset");
  expect(stored).not.toContain(password);
  expect(stored).not.toContain("$argon2");
});

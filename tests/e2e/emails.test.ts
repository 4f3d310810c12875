import { appDb } from "#tests/fixtures/db";
import { readOutbox } from "#tests/fixtures/eml";
import { uniq } from "#tests/fixtures/site";
import { E2E_OUTBOX } from "#tests/setup/paths";
import { expect, test } from "#tests/fixtures/test";

// "Emails" (docs/decisions/0051-email-outbox.md): staff see what was sent and
// what was given up, filtered by recipient, and "Reenviar" sends a given-up
// one (once), with JavaScript on and off.

async function seedEmails(tag: string) {
  const stamp = new Date(Date.now() - 3_600_000).toISOString();
  const base = { text: "Olá.", attachments: "[]", next_attempt_at: stamp, created_at: stamp };
  await appDb()
    .insertInto("email_outbox")
    .values([
      {
        ...base,
        kind: "billing_overdue",
        dedupe_key: `e2e:${tag}:sent`,
        to_address: `pago-${tag}@exemplo.com.br`,
        subject: `Cobrança em atraso ${tag}`,
        status: "sent",
        attempts: 0,
        last_error: null,
        sent_at: stamp,
      },
      {
        ...base,
        kind: "billing_issued",
        dedupe_key: `e2e:${tag}:failed`,
        to_address: `falhou-${tag}@exemplo.com.br`,
        subject: `Cobrança disponível ${tag}`,
        status: "failed",
        attempts: 24,
        last_error: "connect ECONNREFUSED",
        sent_at: null,
      },
    ])
    .execute();
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("staff see a sent notice and a given-up one, and resend it", async ({ page, signInAs }) => {
      const tag = uniq();
      await seedEmails(tag);
      await signInAs("admin");
      await page.goto("/admin/dashboard");
      await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Financeiro" }).click();
      await page.getByRole("navigation", { name: "Financeiro" }).getByRole("link", { name: "Emails" }).click();
      await expect(page).toHaveURL(/\/admin\/emails$/);
      await page.getByLabel("Destinatário").fill(tag);
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(new RegExp(`para=${tag}`));
      const rows = page.getByTestId("email-row");
      await expect(rows).toHaveCount(2);
      const sent = rows.filter({ hasText: `pago-${tag}` });
      await expect(sent).toContainText("Cobrança em atraso");
      await expect(sent).toContainText("Enviado em");
      await expect(sent.getByRole("button", { name: "Reenviar" })).toHaveCount(0);
      const failed = rows.filter({ hasText: `falhou-${tag}` });
      await expect(failed).toContainText("Não enviado: desistimos após 24 tentativas");
      await expect(failed).toContainText("ECONNREFUSED");

      // Given up only: the status filter.
      await page.getByLabel("Situação").selectOption({ label: "Não enviado (desistimos)" });
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(rows).toHaveCount(1);

      await failed.getByRole("button", { name: "Reenviar" }).click();
      await expect(page.getByTestId("toast")).toContainText("Email na fila");
      await expect(page).toHaveURL(new RegExp(`para=${tag}.*situacao=failed|situacao=failed.*para=${tag}`));
      await page.goto(`/admin/emails?para=${tag}`);
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId("email-row").filter({ hasText: `falhou-${tag}` })).toContainText("Enviado em");
      }).toPass({ timeout: 15_000 });
      const mails = readOutbox(E2E_OUTBOX).filter((m) => m.to.includes(`falhou-${tag}`));
      expect(mails.map((m) => m.subject)).toEqual([`Cobrança disponível ${tag}`]);
      expect(mails[0].headers["reply-to"]).toBeTruthy();
    });
  });
}

test("a bad page or filter shows the list, not an error", async ({ page, signInAs }) => {
  await signInAs("admin");
  const response = await page.goto("/admin/emails?pagina=-3&tipo=nada&situacao=%00&para=" + "x".repeat(500));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Emails" })).toBeVisible();
});

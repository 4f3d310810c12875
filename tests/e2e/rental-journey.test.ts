import type { BrowserContext, Page } from "@playwright/test";
import { appDb, count } from "#tests/fixtures/db";
import { samplePdf, sampleJpeg } from "#tests/fixtures/rental";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Issue 7 from end to end, across both sides, with JavaScript on and off:
// the admin creates a tenant (generated password) and sends the contract;
// the tenant logs in by username and by email, opens and downloads the
// contract and asks for a repair with two photos; the admin completes it
// with a note and a report; the tenant sees both. Every step goes through
// the pages, as people would.

const toast = (page: Page) => page.getByTestId("toast");

async function clientLogin(page: Page, identifier: string, password: string) {
  await page.goto("/client-login");
  await page.getByLabel("Nome de usuário ou Email").fill(identifier);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/client-area$/);
}

async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

for (const js of [true, false]) {
  test(`a tenant's contract and repair, from the admin to the client area and back (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
  }) => {
    test.setTimeout(90_000);
    const tag = uniq();
    const name = `Inquilina Jornada ${tag}`;
    const email = `jornada-${tag}@teste.com.br`;
    const username = `jornada-${tag}`;

    // The admin: a new client without a password (one is generated and shown once).
    const staff: BrowserContext = await newContext({ javaScriptEnabled: js });
    await signIn(admin, staff);
    const adminPage = await staff.newPage();
    await adminPage.goto("/admin/clients");
    await adminPage.getByRole("link", { name: "Novo Cliente" }).click();
    await adminPage.getByLabel("Nome *", { exact: true }).fill(name);
    await adminPage.getByLabel("Email *", { exact: true }).fill(email);
    await adminPage.getByLabel("Nome de usuário *", { exact: true }).fill(username);
    await adminPage.getByLabel("Endereço do imóvel", { exact: true }).fill("Rua Paranaíba, 900 - Centro");
    await adminPage.getByLabel("Início do contrato", { exact: true }).fill("2026-02-01");
    await adminPage.getByLabel("Fim do contrato", { exact: true }).fill("2099-01-31");
    await adminPage.getByLabel("Aluguel mensal (R$)", { exact: true }).fill("1.780,00");
    await adminPage.getByLabel("Dia de vencimento", { exact: true }).fill("12");
    await adminPage.getByRole("button", { name: "Cadastrar Cliente" }).click();
    const shown = adminPage.getByTestId("one-time-password");
    await expect(shown).toBeVisible();
    const password = ((await shown.locator("code").textContent()) ?? "").trim();
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
    const { id: clientId } = await appDb()
      .selectFrom("clients")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    createClient.track(clientId);

    // The contract, sent from the Contratos tab.
    const contractName = `Contrato de Locação ${tag}.pdf`;
    const contractBytes = samplePdf(`Contrato ${tag}`);
    await adminPage.goto("/admin/clients?aba=contratos");
    await adminPage.getByRole("link", { name: "Enviar Contrato" }).click();
    await expect(adminPage).toHaveURL(/\/admin\/clients\/contratos\/novo$/);
    await adminPage.getByLabel("Cliente", { exact: true }).selectOption({ label: name });
    await adminPage
      .getByLabel("Arquivo")
      .setInputFiles({ name: contractName, mimeType: "application/pdf", buffer: contractBytes });
    await adminPage.getByRole("button", { name: "Enviar Contrato" }).click();
    await expect(toast(adminPage)).toContainText("Contrato enviado com sucesso!");

    // The tenant, by username: the contract card and the contract itself.
    const tenant = await newContext({ javaScriptEnabled: js });
    const page = await tenant.newPage();
    await clientLogin(page, username, password);
    await expect(page.getByRole("heading", { name: `Bem-vindo(a), ${name}` })).toBeVisible();
    await expect(page.getByText("Rua Paranaíba, 900 - Centro")).toBeVisible();
    await expect(page.getByText("R$ 1.780,00")).toBeVisible();
    await expect(page.getByText("Todo dia 12")).toBeVisible();
    const contract = page.getByRole("listitem").filter({ hasText: contractName });
    await expect(contract).toContainText(admin.name);
    const view = contract.getByRole("link", { name: "Visualizar" });
    await expect(view).toHaveAttribute("target", "_blank");
    const [viewer] = await Promise.all([tenant.waitForEvent("page"), view.click()]);
    const shownPdf = await viewer.request.get(viewer.url());
    expect(shownPdf.headers()["content-type"]).toBe("application/pdf");
    expect(shownPdf.headers()["content-disposition"]).toMatch(/^inline/);
    expect(await shownPdf.body()).toEqual(contractBytes);
    await viewer.close();
    const downloaded = await downloadOf(page, () => contract.getByRole("link", { name: "Baixar" }).click());
    expect(downloaded.name).toBe(contractName);
    expect(downloaded.bytes).toEqual(contractBytes);

    // Out, and in again by email; a repair with two photos.
    await page.getByRole("button", { name: "Sair" }).click();
    // Leaving lands on the home page; going on before it has would race
    // that navigation.
    await expect(page).toHaveURL(/\/$/);
    await clientLogin(page, email, password);
    await page.getByRole("link", { name: "Manutenção" }).click();
    const title = `Chuveiro queimado ${tag}`;
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Categoria").selectOption({ label: "Elétrica" });
    await page.getByLabel("Prioridade").selectOption({ label: "Alta" });
    await page.getByLabel("Descrição detalhada").fill("O chuveiro do banheiro social parou de esquentar.");
    await page.getByLabel("Imagens (opcional)").setInputFiles([
      { name: "chuveiro.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg() },
      { name: "disjuntor.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg({ r: 20, g: 90, b: 200 }) },
    ]);
    await page.getByRole("button", { name: "Enviar Solicitação" }).click();
    await expect(toast(page)).toContainText("Solicitação enviada");
    const mine = page.locator("li[data-request-id]").filter({ hasText: title });
    await expect(mine).toContainText("Pendente");
    await expect(mine.getByRole("img")).toHaveCount(2);
    const requestId = Number(await mine.getAttribute("data-request-id"));
    expect(await count("maintenance_images", (eb) => eb("request_id", "=", requestId))).toBe(2);

    // The admin completes it with a note and a report.
    await adminPage.goto("/admin/clients?aba=manutencoes");
    const card = adminPage.getByTestId("maintenance-request").filter({ hasText: title });
    await expect(card).toContainText(name);
    await expect(card.getByRole("link", { name: /^Imagem \d$/ })).toHaveCount(2);
    const photo = await adminPage.request.get(
      (await card.getByRole("link", { name: "Imagem 2" }).getAttribute("href")) ?? "",
    );
    expect(photo.headers()["content-type"]).toBe("image/webp");
    await card.getByRole("link", { name: `Gerenciar ${title}` }).click();
    await expect(adminPage).toHaveURL(/\/admin\/clients\/manutencoes\/\d+$/);
    await adminPage.getByLabel("Status").selectOption({ label: "Concluída" });
    const note = `Resistência trocada em ${tag}.`;
    await adminPage.getByLabel("Observações do administrador").fill(note);
    await adminPage.getByRole("button", { name: "Salvar" }).click();
    await expect(toast(adminPage)).toContainText("Solicitação atualizada com sucesso!");
    await adminPage
      .getByTestId("maintenance-request")
      .filter({ hasText: title })
      .getByRole("link", { name: `Upload Documento para ${title}` })
      .click();
    await expect(adminPage).toHaveURL(/\/admin\/clients\/manutencoes\/documentos\/novo/);
    const reportName = `Relatório ${tag}.pdf`;
    const reportBytes = samplePdf(`Relatorio ${tag}`);
    await adminPage
      .getByLabel("Arquivo")
      .setInputFiles({ name: reportName, mimeType: "application/pdf", buffer: reportBytes });
    await adminPage.getByRole("button", { name: "Enviar Documento" }).click();
    await expect(toast(adminPage)).toContainText("Documento de manutenção enviado com sucesso!");

    // The tenant sees the status, the note and the report.
    await page.goto("/client-area?tab=manutencao");
    const answered = page.locator("li[data-request-id]").filter({ hasText: title });
    await expect(answered).toContainText("Concluída");
    await expect(answered).toContainText(note);
    const report = answered.getByRole("link", { name: reportName });
    await expect(report).toBeVisible();
    const fetched = await page.request.get((await report.getAttribute("href")) ?? "");
    expect(fetched.status()).toBe(200);
    expect(await fetched.body()).toEqual(reportBytes);
  });
}

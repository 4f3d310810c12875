import fs from "node:fs";
import { insertContractRow } from "#tests/fixtures/admin-rental";
import { appDb, count } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";

// LGPD (issue 11, decision 0013): the policy page, the notice on each public
// form and its time in the inboxes, and the master's export and erasure.

const ANONYMIZED_EMAIL = "anonimizado@lgpd.invalid";

test.describe("the policy", () => {
  test("/privacidade names the controller, the purposes, the retention period and the rights, and the footer links to it", async ({
    page,
  }) => {
    await page.goto("/sobre-nos");
    await page.getByRole("contentinfo").getByRole("link", { name: "Política de Privacidade" }).click();
    await expect(page).toHaveURL(`${E2E_URL}/privacidade`);
    await expect(page).toHaveTitle("Política de Privacidade | Lagoa Imóveis");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Política de Privacidade");
    const controller = main.getByRole("region", { name: "Quem cuida dos seus dados" });
    await expect(controller).toContainText("Lagoa Imóveis Ltda.");
    await expect(controller).toContainText("CRECI/MS 1234-J");
    await expect(controller).toContainText("Av. Antônio Trajano, 1000 - Centro, Três Lagoas - MS, 79601-000");
    await expect(controller.getByRole("link", { name: "contato@lagoaimoveis.com.br" })).toHaveAttribute(
      "href",
      "mailto:contato@lagoaimoveis.com.br",
    );
    await expect(controller.getByRole("link", { name: "(67) 99999-0000" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/5567999990000/,
    );
    const purposes = main.getByRole("region", { name: "Que dados coletamos e por quê" });
    for (const form of [
      "“Não encontrou o que procura?” (página inicial)",
      "“Anuncie seu imóvel”",
      "Clientes de locação (Área do Cliente)",
    ]) {
      await expect(purposes.getByRole("heading", { name: form })).toBeVisible();
    }
    const retention = main.getByRole("region", { name: "Por quanto tempo guardamos" });
    await expect(retention).toContainText("guardadas por 2 anos");
    // What an erasure keeps of a tenant who paid rent, why and for how long (decision 0062).
    await expect(retention).toContainText("Quando houve pagamentos, guardamos nome, CPF ou CNPJ");
    await expect(retention).toContainText("LGPD, art. 16, I");
    await expect(retention).toContainText("pelo menos cinco anos");
    const rights = main.getByRole("region", { name: "Os seus direitos", exact: true });
    await expect(rights).toContainText("art. 18");
    await expect(rights.getByRole("listitem")).toHaveCount(8);
    await expect(main.getByRole("region", { name: "Como exercer os seus direitos" })).toContainText(
      "Respondemos em até 15 dias",
    );
  });
});

test.describe("the notice on the public forms", () => {
  for (const js of [true, false]) {
    test.describe(js ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled: js });

      test("the ideal-property form shows the notice, and the inbox shows when it was accepted", async ({
        page,
        newContext,
        signInAs,
      }) => {
        const email = `aviso-${uniq()}@example.com`;
        await page.goto("/");
        const form = page.locator('form[id^="ideal-property-"]');
        await expect(form).toContainText(
          "Ao enviar, você concorda que a Lagoa Imóveis use esses dados só para responder a esta solicitação.",
        );
        await expect(form.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute(
          "href",
          "/privacidade",
        );
        await form.locator('[name="name"]').fill("Visitante Aviso");
        await form.locator('[name="email"]').fill(email);
        await form.locator('[name="idealProperty"]').fill("Casa com quintal no Centro");
        await form.getByRole("button", { name: "Enviar solicitação" }).click();
        await expect(page.getByTestId("toast")).toContainText("Solicitação enviada!");
        const row = await appDb()
          .selectFrom("ideal_property_requests")
          .select(["id", "created_at", "privacy_notice_at"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        expect(row.privacy_notice_at).toBe(row.created_at);

        const staff = await newContext({ javaScriptEnabled: js });
        await signInAs("admin", staff);
        const admin = await staff.newPage();
        await admin.goto(`/admin/requests?q=${encodeURIComponent(email)}`);
        const listed = admin.locator(`[data-testid="request-row"][data-request-id="${row.id}"]`);
        await expect(listed.getByTestId("privacy-note")).toHaveText("Aviso de privacidade aceito");
        await admin.goto(`/admin/requests/${row.id}`);
        await expect(admin.getByTestId("privacy-note")).toHaveText(
          /^Aviso de privacidade aceito em \d{2}\/\d{2}\/\d{4}/,
        );
      });
    });
  }

  test("the owner-request form shows the notice too, and a post without it is kept with no notice time", async ({
    page,
  }) => {
    for (const path of ["/anunciar-imovel", "/anunciar"]) {
      await page.goto(path);
      const form = page.locator('form[id^="owner-request-"]');
      await expect(form.getByRole("link", { name: "Política de Privacidade" })).toBeVisible();
      await expect(form.locator('input[type="hidden"][name="privacyNotice"]')).toHaveValue("1");
    }
    const email = `sem-aviso-${uniq()}@example.com`;
    const res = await page.request.post("/anunciar-imovel", {
      form: {
        nome: "Script",
        email,
        telefone: "(67) 99999-0000",
        tipoImovel: "casa",
        preco: "100.000,00",
        endereco: "Rua A, 1",
      },
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(
      (
        await appDb()
          .selectFrom("property_listing_requests")
          .select("privacy_notice_at")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).privacy_notice_at,
    ).toBeNull();
  });
});

test.describe("export and erasure (/admin/privacidade)", () => {
  test("an admin is refused; the page and the nav link are the master's", async ({ page, signInAs }) => {
    await signInAs("admin");
    await page.goto("/admin/dashboard");
    await expect(
      page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Privacidade" }),
    ).toHaveCount(0);
    await page.goto("/admin/privacidade");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId("toast")).toContainText(
      "Apenas o usuário master pode consultar, exportar ou apagar dados pessoais.",
    );
  });

  test("the master looks an email up, downloads its JSON and erases it; both are audited", async ({
    page,
    master,
    createRequest,
    createClient,
  }) => {
    const email = `titular-${uniq()}@example.com`;
    const ideal = await createRequest("ideal", {
      name: "Titular Teste",
      email: email.toUpperCase(),
      phone: "(67) 98888-7777",
      idealProperty: "Sobrado",
    });
    const listing = await createRequest("owner", {
      nome: "Titular Teste",
      email,
      telefone: "67999990000",
      tipoImovel: "casa",
      endereco: "Rua Titular, 5",
      preco: cents(200000_00),
    });
    const client = await createClient({ name: "Titular Inquilino", email });

    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Privacidade" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacidade (LGPD)");
    await page.getByLabel("Email do titular").fill(email);
    await page.getByRole("button", { name: "Consultar" }).click();
    const counts = page.getByTestId("privacy-counts");
    await expect(counts).toContainText("Solicitações de imóvel ideal1");
    await expect(counts).toContainText("Solicitações de anúncio1");
    await expect(counts).toContainText("Cadastros de cliente1");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar dados (JSON)" }).click();
    const file = await (await download).path();
    const body = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(body.email).toBe(email);
    expect(body.visitor_requests.ideal_property[0]).toMatchObject({
      id: ideal.id,
      name: "Titular Teste",
      phone: "(67) 98888-7777",
      ideal_property: "Sobrado",
    });
    expect(body.visitor_requests.property_listing[0]).toMatchObject({ id: listing.id, address: "Rua Titular, 5" });
    expect(body.clients[0]).toMatchObject({ id: client.id, name: "Titular Inquilino" });
    expect(JSON.stringify(body)).not.toMatch(/password_hash|argon2/);

    // Without the confirmation: refused, nothing changed.
    await page.getByRole("button", { name: "Apagar dados" }).click();
    await expect(page.getByText("Marque a confirmação para apagar os dados.")).toBeVisible();
    expect(await count("clients", (eb) => eb("id", "=", client.id))).toBe(1);

    await page.getByLabel("Confirmo que o pedido veio do titular. Esta ação não pode ser desfeita.").check();
    await page.getByRole("button", { name: "Apagar dados" }).click();
    await expect(page.getByTestId("toast")).toContainText("Dados pessoais apagados");
    await expect(page.getByTestId("toast")).toContainText(
      "2 solicitação(ões) anonimizada(s), 1 cadastro(s) de cliente excluído(s)",
    );
    expect(
      await appDb()
        .selectFrom("ideal_property_requests")
        .select(["name", "email", "phone", "ideal_property"])
        .where("id", "=", ideal.id)
        .executeTakeFirst(),
    ).toEqual({
      name: "Anonimizado",
      email: ANONYMIZED_EMAIL,
      phone: null,
      ideal_property: "[Dados removidos conforme a LGPD]",
    });
    expect(
      await count("property_listing_requests", (eb) =>
        eb.and([eb("id", "=", listing.id), eb("email", "=", ANONYMIZED_EMAIL)]),
      ),
    ).toBe(1);
    expect(await count("clients", (eb) => eb("id", "=", client.id))).toBe(0);
    expect(
      await count("audit_log", (eb) =>
        eb.and([
          eb("actor_id", "=", master.id),
          eb("entity", "=", "personal_data"),
          eb("action", "in", ["export", "erase"]),
        ]),
      ),
    ).toBe(2);
    expect(await count("audit_log", (eb) => eb("changes", "like", `%${email}%`))).toBe(0);

    // The inbox shows the request as anonymised.
    await page.goto(`/admin/requests/${ideal.id}`);
    await expect(page.getByTestId("privacy-note")).toHaveText(/^Anonimizada em \d{2}\/\d{2}\/\d{4}/);
  });

  test("a tenant who paid rent: refused while the contract runs, nothing changed; once it is ended, anonymised with the fiscal records kept, and the page says what and why", async ({
    page,
    master: _master,
    createClient,
    createBilling,
    createRequest,
  }) => {
    const email = `contrato-${uniq()}@example.com`;
    const ideal = await createRequest("ideal", { name: "Com Contrato", email, idealProperty: "Casa" });
    const client = await createClient({
      name: "Inquilino Com Contrato",
      email,
      cpf_cnpj: "39053344705",
      contract_start_date: "2026-01-01",
      contract_end_date: "2099-12-31",
    });
    await insertContractRow(client.id);
    const billing = await createBilling(client.id, { month_year: "2026-10", due_date: "2026-10-05" });
    await appDb()
      .updateTable("billing")
      .set({ status: "paid", payment_date: "2026-10-05", amount_paid_cents: cents(125000) })
      .where("id", "=", billing.id)
      .execute();
    await page.goto(`/admin/privacidade?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole("alert")).toContainText(
      `O contrato do cliente Inquilino Com Contrato (nº ${client.id}) está em vigor e tem pagamentos registrados`,
    );
    await expect(page.getByRole("alert")).toContainText("Use “Encerrar contrato”");
    await expect(page.getByRole("button", { name: "Apagar dados" })).toHaveCount(0);
    // A forged post is refused the same way (409), and changes nothing.
    const res = await page.request.post(`/admin/privacidade?email=${encodeURIComponent(email)}`, {
      form: { intent: "erase", email, confirm: "on" },
      headers: { Origin: E2E_URL },
    });
    expect(res.status()).toBe(409);
    expect(
      (
        await appDb()
          .selectFrom("ideal_property_requests")
          .select("name")
          .where("id", "=", ideal.id)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe("Com Contrato");
    expect(await count("clients", (eb) => eb.and([eb("id", "=", client.id), eb("email", "=", email)]))).toBe(1);

    // Ended (as "Encerrar contrato" does), the erasure goes through and keeps what the law requires.
    await appDb().updateTable("clients").set({ ended_on: "2026-11-01" }).where("id", "=", client.id).execute();
    await page.goto(`/admin/privacidade?email=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("privacy-counts")).toContainText(
      "Cadastros com pagamentos (anonimizados e guardados)1",
    );
    await expect(page.getByText("Cadastros com pagamentos são anonimizados")).toBeVisible();
    await page.getByLabel("Confirmo que o pedido veio do titular. Esta ação não pode ser desfeita.").check();
    await page.getByRole("button", { name: "Apagar dados" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "1 cadastro(s) anonimizado(s) com os registros fiscais guardados",
    );
    await expect(page).toHaveURL(/\/admin\/privacidade\?eliminacao=\d+$/);
    const result = page.getByTestId("erasure-result");
    await expect(result).toContainText("1 cadastro anonimizado");
    const kept = result.getByTestId("erasure-kept");
    await expect(kept).toContainText("1 cobrança, 0 recibos e 1 arquivo de contrato");
    await expect(kept).toContainText("LGPD, art. 16, I");
    await expect(kept).toContainText("Por quanto tempo: pelo menos cinco anos");
    expect(
      await appDb()
        .selectFrom("clients")
        .select(["name", "cpf_cnpj", "email", "user_id", "personal_data_erased_at"])
        .where("id", "=", client.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      name: "Inquilino Com Contrato",
      cpf_cnpj: "39053344705",
      email: ANONYMIZED_EMAIL,
      user_id: null,
      personal_data_erased_at: expect.any(String),
    });
    expect(await count("billing", (eb) => eb("id", "=", billing.id))).toBe(1);
    expect(await count("contracts", (eb) => eb("client_id", "=", client.id))).toBe(1);
  });
});

import { appDb, count } from "#tests/fixtures/db";
import { BASE_URL, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// Issue 11, contact on the property page: the phone's bottom bar, the
// "Tenho interesse" form (into the ideal-property inbox with the property
// linked) and the similar properties.

const code = (n: number) => `#${String(n).padStart(4, "0")}`;

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("a bar at the bottom offers WhatsApp with the property's message and Ligar, covering nothing", async ({
    page,
    createProperty,
  }) => {
    const p = await createProperty({ name: `Casa Barra ${uniq()}` });
    await page.goto(`/imoveis/${p.id}`);
    const bar = page.locator("[data-contact-bar]");
    await expect(bar).toBeVisible();
    const whatsapp = bar.getByRole("link", { name: "WhatsApp" });
    await expect(whatsapp).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/\\d+\\?text=.*${encodeURIComponent(code(p.property_code))}`),
    );
    await expect(bar.getByRole("link", { name: "Ligar" })).toHaveAttribute("href", /^tel:\+\d{10,15}$/);
    // Fixed at the bottom of the screen.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(812);
    // The page ends above it: scrolled to the end, the footer's last line is not under the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.locator("footer").getByText(`© ${new Date().getFullYear()}`);
    const last = (await copyright.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(box.y);
    // The floating button gives way to the bar's own.
    await expect(page.locator('a[aria-label="Conversar pelo WhatsApp"]')).toBeHidden();
  });
});

test("on a desktop there is no bottom bar", async ({ page, createProperty }) => {
  const p = await createProperty({ name: `Casa Sem Barra ${uniq()}` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/imoveis/${p.id}`);
  await expect(page.locator("[data-contact-bar]")).toBeHidden();
  await expect(page.getByRole("link", { name: "Conversar no WhatsApp" })).toBeVisible();
});

for (const js of [false, true]) {
  test.describe(`"Tenho interesse" with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("a phone alone is enough; the request lands in the inbox with the property linked", async ({
      page,
      createProperty,
      browser,
      admin,
    }) => {
      const p = await createProperty({ name: `Casa Interesse ${uniq()}` });
      const name = `Visitante ${uniq()}`;
      // The admin's session is on `page`'s context; the visitor browses anonymously.
      const visitor = await browser.newPage({ javaScriptEnabled: js });
      await visitor.goto(`${BASE_URL}/imoveis/${p.id}`);
      const form = visitor.locator("#tenho-interesse");
      await expect(form.getByLabel("Mensagem *")).toHaveValue(new RegExp(code(p.property_code)));
      await form.getByLabel("Nome *").fill(name);
      await form.getByLabel("Telefone ou WhatsApp").fill("(67) 99876-5432");
      await form.getByRole("button", { name: "Enviar mensagem" }).click();
      await expect(visitor).toHaveURL(`${BASE_URL}/imoveis/${p.id}#tenho-interesse`);
      await expect(visitor.getByTestId("toast")).toContainText("Solicitação enviada!");
      await expect(form.getByLabel("Nome *")).toHaveValue("");
      await expect(form.getByRole("heading", { name: "Tenho interesse" })).toBeInViewport();
      const row = await appDb()
        .selectFrom("ideal_property_requests")
        .selectAll()
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ phone: "(67) 99876-5432", email: "", property_id: p.id, status: "pending" });
      expect(String(row.ideal_property)).toContain(code(p.property_code));
      // The form showed the LGPD notice, with its link to the policy.
      await expect(form.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/privacidade");
      expect(row.privacy_notice_at).toBe(row.created_at);
      await visitor.close();

      await page.goto("/admin/requests");
      const listed = page.getByTestId("request-row").filter({ hasText: name });
      const link = listed.getByRole("link", { name: new RegExp(`Imóvel ${code(p.property_code)} · ${p.name}`) });
      await expect(link).toHaveAttribute("href", `/imoveis/${p.id}`);
      expect(admin.role).toBe("admin");
    });

    test("without phone or email: the error, the values kept, nothing stored", async ({ page, createProperty }) => {
      const p = await createProperty({ name: `Casa Recusa ${uniq()}` });
      const name = `Sem Contato ${uniq()}`;
      await page.goto(`/imoveis/${p.id}`);
      const form = page.locator("#tenho-interesse");
      await form.getByLabel("Nome *").fill(name);
      await form.getByLabel("Mensagem *").fill("Quero visitar no sábado.");
      await form.getByRole("button", { name: "Enviar mensagem" }).click();
      await expect(form.getByText("Informe seu telefone ou seu email para respondermos.")).toBeVisible();
      await expect(form.getByLabel("Nome *")).toHaveValue(name);
      await expect(form.getByLabel("Mensagem *")).toHaveValue("Quero visitar no sábado.");
      expect(await count("ideal_property_requests", (eb) => eb("name", "=", name))).toBe(0);
    });
  });
}

test("the honeypot gets the same answer and stores nothing", async ({ request, createProperty }) => {
  const p = await createProperty({ name: `Casa Robô ${uniq()}` });
  const name = `Robô ${uniq()}`;
  const res = await request.post(`/imoveis/${p.id}`, {
    form: { name, email: "robo@teste.com.br", message: "oi", website: "http://spam.example" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe(`/imoveis/${p.id}#tenho-interesse`);
  expect(await count("ideal_property_requests", (eb) => eb("name", "=", name))).toBe(0);
  // A post to a property that does not exist is the 404 page, nothing stored.
  const missing = await request.post("/imoveis/99999999", {
    form: { name, email: "a@teste.com.br", message: "oi" },
    headers: { Origin: BASE_URL },
  });
  expect(missing.status()).toBe(404);
  expect(await count("ideal_property_requests", (eb) => eb("name", "=", name))).toBe(0);
});

test("similar properties: same type or neighbourhood, closest price, up to 4, never itself", async ({
  page,
  createProperty,
}) => {
  const s = uniq();
  // Same type and neighbourhood (those come first) at prices nothing else has.
  const base = { type: "Galpão", location: `Rua ${s} - Mais Parque, Três Lagoas - MS` } as const;
  const self = await createProperty({ ...base, name: `Galpão Alvo ${s}`, price: cents(7_777_777_00) });
  const far = await createProperty({ ...base, name: `Galpão Longe ${s}`, price: cents(20_000_000_00) });
  const closest = await createProperty({ ...base, name: `Galpão Perto ${s}`, price: cents(7_770_000_00) });
  await page.goto(`/imoveis/${self.id}`);
  const section = page.getByRole("region", { name: "Imóveis semelhantes" });
  const names = section.getByRole("heading", { level: 3 });
  await expect(names.first()).toHaveText(closest.name);
  const all = await names.allTextContents();
  expect(all.length).toBeLessThanOrEqual(4);
  expect(all).not.toContain(self.name);
  // The seed's own warehouses in Mais Parque may be closer in price than the far one.
  if (all.includes(far.name)) expect(all.indexOf(far.name)).toBeGreaterThan(0);
  for (const card of await section.locator("article").all()) await expect(card).toContainText(/GALPÃO ·|Mais Parque/i);
  await section.getByRole("link", { name: `Ver Detalhes: ${closest.name}` }).click();
  await expect(page).toHaveURL(`${BASE_URL}/imoveis/${closest.id}`);
});

import { E2E_URL } from "#tests/setup/paths";
import { expect, test } from "#tests/fixtures/test";

// "A repassar a terceiros" (decision 0072): a row's form posted with a day
// that is not one, or for a charge that is not there, comes back as the
// list's toast with the spec's message, never a 500 nor a day made up.

test("a bad day or a charge gone comes back as the list's toast", async ({ page, signInAs }) => {
  await signInAs("admin");
  for (const [form, message] of [
    [{ id: "1", pago_em: "31/02/2026" }, "Informe a data do pagamento (dd/mm/aaaa)."],
    [{ id: "999999999", pago_em: "" }, "Este encargo não está mais a repassar."],
    [{ id: "abc" }, "Este encargo não está mais a repassar."],
  ] as const) {
    const res = await page.request.post("/admin/terceiros", {
      form: { ...form },
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    await page.goto(res.headers().location);
    await expect(page.getByTestId("toast")).toContainText(message);
  }
});

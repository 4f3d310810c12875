import { expect, test } from "@playwright/test";
import { count } from "#tests/fixtures/db";
import { E2E_URL } from "#tests/setup/paths";

// Bodies larger than any form are refused before they are read.
test("a form post larger than 256 KB gets 413 and stores nothing", async ({ request }) => {
  const email = `grande-${Date.now()}@teste.com`;
  const res = await request.post("/?index", {
    form: { name: "Grande", email, idealProperty: "x".repeat(300 * 1024) },
    headers: { Origin: E2E_URL },
  });
  expect(res.status()).toBe(413);
  expect(await res.text()).toContain("grande demais");
  expect(await count("ideal_property_requests", (eb) => eb("email", "=", email))).toBe(0);
});

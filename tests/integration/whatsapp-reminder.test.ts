import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { billingTxid, pixPayload } from "#app/models/billing/pix";
import { owedOn } from "#app/models/ledger/owed";
import { localToday } from "#app/models/shared/days";
import { cents, formatBRL } from "#app/models/shared/money";
import { loader } from "#app/routes/admin/clients/billing-whatsapp";
import { readToast } from "#app/utils/toast.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { tenantFactory } from "#tests/fixtures/tenants";

// "WhatsApp" beside an overdue billing (Em atraso) is a link to
// /admin/clients/cobrancas/<id>/whatsapp, whose loader answers with the wa.me
// address written at the click (decision 0065): the amount due that day and
// its Pix code; a billing paid since, or a tenant without a phone, goes back
// to the queue with a message. Through the route's own loader.

const pix = { key: "12345678000195", name: "Imobiliaria Lago Azul", city: "Tres Lagoas" };
// Before the first getEnv(), which caches the environment.
vi.stubEnv("AGENCY_NAME", "Imobiliária Lago Azul");
vi.stubEnv("AGENCY_PIX_KEY", pix.key);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const DUE = "2025-03-05";
const ids = { late: 0, paid: 0, noPhone: 0 };

const { newClient, bill } = tenantFactory(() => db, "zap");
// A tenant with the contract's late fee and interest (10%, 1% a month) and
// their billing of R$ 1.200,00 due DUE.
async function overdueBilling(name: string, phone?: string) {
  const client = await newClient(name, "", phone ? { phone } : {});
  await db
    .updateTable("clients")
    .set({ late_fee_bp: 1000, monthly_interest_bp: 100 })
    .where("id", "=", client)
    .execute();
  return bill(client, DUE, 120_000);
}

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-whatsapp-"));
  vi.stubEnv("DATABASE_PATH", file);
  ids.late = await overdueBilling("Ana Atrasada", "(67) 99999-1234");
  ids.paid = await overdueBilling("Bia Pagou", "(67) 98888-4321");
  await db
    .updateTable("billing")
    .set({ status: "paid", payment_date: DUE, amount_paid_cents: cents(120_000) })
    .where("id", "=", ids.paid)
    .execute();
  ids.noPhone = await overdueBilling("Caio Sem Telefone");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
});

async function click(id: number | string) {
  const response = (await loader({ params: { id: String(id) } } as never)) as Response;
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("toast="))
    ?.split(";")[0];
  const toast = cookie
    ? (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast
    : null;
  return { status: response.status, location: response.headers.get("Location") ?? "", toast };
}

describe("the Em atraso queue's WhatsApp link", () => {
  it("answers with the tenant's wa.me address, the amount due today and its Pix code", async () => {
    const { status, location } = await click(ids.late);
    expect(status).toBe(302);
    expect(location.startsWith("https://wa.me/5567999991234?text=")).toBe(true);
    const text = decodeURIComponent(location.split("?text=")[1]!);
    const row = await db.selectFrom("billing").selectAll().where("id", "=", ids.late).executeTakeFirstOrThrow();
    const total = owedOn({ ...row, late_fee_bp: 1000, monthly_interest_bp: 100 }, localToday()).total;
    expect(total).toBeGreaterThan(120_000);
    expect(text).toContain("Olá, Ana! Aqui é da Imobiliária Lago Azul.");
    expect(text).toContain("O aluguel de março de 2025 venceu em 05/03/2025 e ainda não consta como pago.");
    expect(text).toContain(`Valor para pagamento hoje: ${formatBRL(total)} (com multa e juros).`);
    expect(text).toContain(`Pix copia e cola:\n${pixPayload(pix, total, billingTxid(ids.late))}`);
  });

  it("sends a billing paid since the list was read, or a tenant without a phone, back to the queue", async () => {
    for (const id of [ids.paid, ids.noPhone, 999_999, "abc"]) {
      const { status, location, toast } = await click(id);
      expect(status).toBe(302);
      expect(location).toBe("/admin/clients?aba=cobrancas");
      expect(toast?.description).toBe(
        "Esta cobrança não está mais em atraso, ou o inquilino não tem um celular cadastrado.",
      );
    }
  });
});

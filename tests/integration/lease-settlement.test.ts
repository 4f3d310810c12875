import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { createClient } from "#app/models/clients/clients.server";
import { endContract, reopenContract } from "#app/models/clients/contract-end.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { refundSchema, settlementSchema } from "#app/models/leases/settlement.schema";
import { settleLease, settlementPreview } from "#app/models/leases/settlement.server";
import { refundTenantCredit, tenantRefunds } from "#app/models/leases/refund.server";
import { tenantAccount } from "#app/models/ledger/account.server";
import { tenantCreditLeft } from "#app/models/ledger/ledger.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// A lease to its end (issue 36, docs/decisions/0069-lease-settlement.md): a
// three-year lease of 1.500,00 whose tenant hands the keys back on 03/11/2026
// with November and December billed ahead and a caução of 4.600,00 (with its
// yield). The settlement forgives the 27 days of November after the return
// and all of December, charges the art. 4 fine (3 rents × 789 of 1.096 days)
// and a repair, pays it all from the caução, and leaves 860,49 to give back;
// once, final, with its Termo de Encerramento.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-settlement-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const agency = { ...defaultAgency, cnpj: null };
const today = "2026-11-04";
let owner: number;
let lease: number;
const billings: Record<string, number> = {};

const input = (values: Record<string, string> = {}) =>
  settlementSchema.parse({
    intent: "settle",
    chave: "acerto-de-saida-0000001",
    fine_rents: "3",
    caution: "4.600,00",
    repair_1: "Pintura da sala",
    repair_amount_1: "350,00",
    repair_receiver_1: "third_party",
    ...values,
  });

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-settlement-"));
  actor.id = await createUser(
    db,
    { username: "ana.staff", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  owner = await createOwner(
    db,
    ownerSchema.parse({ name: "Olga Dona", cpf_cnpj: "153.509.460-56", email: "olga@exemplo.com" }),
    null,
  );
  const created = await createClient(
    db,
    {
      name: "Téo Saída",
      email: "teo@teste.com",
      username: "teo",
      password: "senha1234",
      cpf_cnpj: "11144477735",
      property_address: "Rua B, 2, Três Lagoas/MS, 79600-000",
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      monthly_rent: cents(150_000),
      payment_due_day: 5,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
      owner_id: owner,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
  for (const [month, end] of [
    ["2026-11", "2026-11-30"],
    ["2026-12", "2026-12-31"],
  ] as const) {
    const b = await createBilling(
      db,
      {
        client_id: lease,
        month_year: month,
        amount_cents: cents(150_000),
        due_date: `${month}-05`,
        period_start: `${month}-01`,
        period_end: end,
        period_days: Number(end.slice(8)),
      },
      actor,
    );
    if (!b.ok) throw new Error("billing");
    billings[month] = b.id;
  }
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the settlement of a lease returned early", () => {
  it("waits for the contract to be ended", async () => {
    const before = await settlementPreview(db, lease, input(), today);
    expect(before).toMatchObject({ ok: false, reason: "not-ended" });
    expect(await settleLease(db, lease, input(), actor, { agency, pdfAgency: agency, today })).toEqual({
      ok: false,
      reason: "not-ended",
    });
    expect(
      await endContract(db, lease, { ended_on: "2026-11-03", ended_reason: "Mudou de cidade" }, actor, today),
    ).toMatchObject({
      ok: true,
    });
  });

  it("previews the unused days, the proportional fine, the repair and the caução", async () => {
    const p = await settlementPreview(db, lease, input(), today);
    if (!p?.ok) throw new Error("preview");
    expect(p.fine).toEqual({ fineCents: 323_951, remainingDays: 789, termDays: 1096 });
    expect(p.lines.map((l) => [l.label, l.cents])).toEqual([
      ["Aluguel de novembro de 2026 (em aberto)", 150_000],
      ["Dias após a devolução (aluguel de novembro de 2026)", -135_000],
      ["Multa rescisória (Lei 8.245, art. 4º)", 323_951],
      ["Reparo: Pintura da sala", 35_000],
      // December, billed ahead, wholly after the return: one line, nothing owed.
      ["Aluguel de dezembro de 2026, depois da devolução: cancelado", 0],
      ["Caução devolvida com o rendimento (art. 38 §2º)", -460_000],
    ]);
    expect(p.resultCents).toBe(-86_049);
    // Waived (art. 4 sole paragraph): no fine.
    const waived = await settlementPreview(db, lease, input({ fine_exempt: "on" }), today);
    expect(waived?.ok && waived.fine.fineCents).toBe(0);
  });

  it("writes it once: the days forgiven, the fine and repair charged, the caução paying, the Termo drawn", async () => {
    const done = await settleLease(db, lease, input(), actor, { agency, pdfAgency: agency, today });
    expect(done).toMatchObject({ ok: true, owedAfterCents: 0, toReturnCents: 86_049 });
    const rows = await db
      .selectFrom("billing")
      .select(["month_year", "amount_cents", "status", "open_cents"])
      .where("client_id", "=", lease)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { month_year: "2026-11", amount_cents: 150_000, status: "paid", open_cents: 0 },
      { month_year: "2026-12", amount_cents: 150_000, status: "paid", open_cents: 0 },
      // The fine and the repair on a billing of their own, paid by the caução.
      { month_year: "2026-11", amount_cents: 0, status: "paid", open_cents: 0 },
    ]);
    expect(await tenantCreditLeft(db, lease)).toBe(86_049);
    const settlement = await db.selectFrom("lease_settlements").selectAll().executeTakeFirstOrThrow();
    expect(settlement).toMatchObject({ fine_cents: 323_951, unused_cents: 285_000, caution_cents: 460_000 });
    const pdf = fs.readFileSync(privateFilePath(settlement.file_key));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const credit = await db
      .selectFrom("ledger_entries")
      .select(["method", "amount_cents"])
      .where("id", "=", settlement.credit_id!)
      .executeTakeFirstOrThrow();
    expect(credit).toEqual({ method: "caucao", amount_cents: 460_000 });

    // The Termo goes to the tenant and the owner, with the PDF.
    const mails = await db
      .selectFrom("email_outbox")
      .select(["to_address", "kind", "subject", "attachments"])
      .where("kind", "=", "lease_document")
      .orderBy("id")
      .execute();
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ["teo@teste.com", "Termo de Encerramento: locação de Téo Saída"],
      ["olga@exemplo.com", "Termo de Encerramento: locação de Téo Saída"],
    ]);
    expect(JSON.parse(mails[0].attachments)).toEqual([
      {
        file_key: settlement.file_key,
        filename: "Termo de Encerramento - Téo Saída.pdf",
        content_type: "application/pdf",
      },
    ]);
    // Once: a second post writes nothing; the end is final.
    expect(await settleLease(db, lease, input(), actor, { agency, pdfAgency: agency, today })).toEqual({
      ok: false,
      reason: "already",
    });
    expect(await db.selectFrom("lease_settlements").select("id").execute()).toHaveLength(1);
    expect(await reopenContract(db, lease, actor)).toEqual({ ok: false, reason: "settled" });
  });

  it("gives the owner the rent paid for the days used and the fine, with the fee, not the repair", async () => {
    const s = await ownerStatement(db, owner, "2026-11");
    // November: 150,00 of rent for the three days; the settlement billing:
    // the fine (the owner's income) — the repair went to the painter.
    expect(s!.lines.map((l) => [l.receivedCents, l.adminFeeCents, l.netCents])).toEqual([
      [15_000, 1_500, 13_500],
      [323_951, 32_395, 291_556],
    ]);
  });

  it("gives the rest back to the tenant once, by Pix, and nothing more is paid with it", async () => {
    const input = (values: Record<string, string>) =>
      refundSchema.parse({ intent: "refund", chave: "devolucao-000000000001", method: "pix", ...values });
    expect(await refundTenantCredit(db, lease, input({ refunded_on: "2026-12-02" }), actor, "2026-12-01")).toEqual({
      ok: false,
      reason: "future",
    });
    const done = await refundTenantCredit(
      db,
      lease,
      input({ refunded_on: "2026-12-01", reference: "E2E123" }),
      actor,
      "2026-12-01",
    );
    expect(done).toEqual({ ok: true, refundedCents: 86_049, duplicate: false });
    expect(await tenantCreditLeft(db, lease)).toBe(0);
    expect(await tenantRefunds(db, lease)).toEqual([{ on: "2026-12-01", memo: "Pix; E2E123", amountCents: 86_049 }]);
    // Posted twice: the first stands; a new key finds nothing left.
    expect(
      await refundTenantCredit(db, lease, input({ refunded_on: "2026-12-01" }), actor, "2026-12-01"),
    ).toMatchObject({ ok: true, duplicate: true });
    expect(
      await refundTenantCredit(
        db,
        lease,
        input({ refunded_on: "2026-12-01", chave: "devolucao-000000000002" }),
        actor,
        "2026-12-01",
      ),
    ).toEqual({ ok: false, reason: "nothing" });
    const entries = await db
      .selectFrom("ledger_entries")
      .select(["amount_cents", "method", "reverses_id"])
      .where("client_id", "=", lease)
      .where("method", "=", "devolucao")
      .execute();
    expect(entries.reduce((sum, e) => sum + e.amount_cents, 0)).toBe(-86_049);
    expect(entries.every((e) => e.reverses_id !== null)).toBe(true);
    // The tenant's account names it.
    const account = await tenantAccount(db, lease, "2026-12-31");
    expect(account.lines.map((l) => l.label)).toContain("Devolução ao inquilino (Pix; E2E123)");
    expect(account.balance).toBe(0);
  });
});

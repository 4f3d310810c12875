import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { BULK_TRANSFER_LIMIT, bulkTransferSchema } from "#app/models/owners/bulk-transfer.schema";
import { markTransfersDone } from "#app/models/owners/bulk-transfers.server";
import { drawStatementPdfs } from "#app/models/owners/mark-transfer.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { monthTransfers } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// "Marcar selecionados como repassados" (issue 34): each owner in its own
// transaction, one refused without stopping the others, and the same post
// twice changing nothing the second time.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-bulk-transfers-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "it-bulk-transfers-outbox-")));

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-10" };
const owners: number[] = [];

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-bulk-transfers-"));
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  for (const [i, [name, cpf]] of [
    ["Helena Duarte", "153.509.460-56"],
    ["Otávio Lima", "529.982.247-25"],
  ].entries()) {
    const owner = await createOwner(
      db,
      ownerSchema.parse({ name, cpf_cnpj: cpf, email: `dono${i}@exemplo.com` }),
      null,
    );
    owners.push(owner);
    const tenant = await createClient(
      db,
      {
        name: `Inquilino ${i}`,
        email: `inquilino${i}@teste.com`,
        username: `inquilino${i}`,
        password: "senha1234",
        payment_due_day: 5,
        owner_id: owner,
        admin_fee_percent: 1000,
        first_rent_fee_percent: 0,
      },
      null,
    );
    if (!tenant.ok) throw new Error("client");
    const b = await createBilling(
      db,
      { client_id: tenant.id, month_year: "2026-10", amount_cents: cents(100_000 * (i + 1)), due_date: "2026-10-05" },
      actor,
    );
    if (!b.ok) throw new Error("billing");
    await registerPayment(
      db,
      b.id,
      { payment_date: "2026-10-05", amount_paid: cents(100_000 * (i + 1)) },
      actor,
      issuer,
    );
  }
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("marking the transfers of selected owners done", () => {
  it("marks each owner on its own: one refused, the other done; twice changes nothing", async () => {
    const { pending } = await monthTransfers(db, "2026-10");
    const net = new Map(pending.rows.map((p) => [p.ownerId, p.netCents]));
    expect([...net.values()]).toEqual([90_000, 180_000]); // rent less 10%
    // Otávio's amount as a page read before a payment changed it.
    const picks = [
      { ownerId: owners[0], expectedNetCents: net.get(owners[0])! },
      { ownerId: owners[1], expectedNetCents: net.get(owners[1])! - 1 },
    ];
    const first = await markTransfersDone(db, "2026-10", picks, "2026-11-05", actor, issuer.today);
    expect(first.map((o) => (o.ok ? ["ok", o.ownerName, o.netCents] : ["refused", o.ownerName, o.reason]))).toEqual([
      ["ok", "Helena Duarte", 90_000],
      ["refused", "Otávio Lima", "changed"],
    ]);
    const statements = () => db.selectFrom("owner_statements").select(["owner_id", "net_cents"]).execute();
    expect(await statements()).toEqual([{ owner_id: owners[0], net_cents: 90_000 }]);

    const again = await markTransfersDone(db, "2026-10", picks, "2026-11-05", actor, issuer.today);
    expect(again.map((o) => (o.ok ? "ok" : o.reason))).toEqual(["done", "changed"]);
    expect(await statements()).toEqual([{ owner_id: owners[0], net_cents: 90_000 }]);
    // The PDF drawn after (as the route's kick does), with the owner's copy: one.
    await drawStatementPdfs(db);
    const emails = await db.selectFrom("email_outbox").select("kind").where("kind", "=", "owner_statement").execute();
    expect(emails).toHaveLength(1);
  });

  it("refuses an owner unknown or with nothing pending, by name when there is one", async () => {
    const outcomes = await markTransfersDone(
      db,
      "2026-09",
      [
        { ownerId: owners[1], expectedNetCents: 0 },
        { ownerId: 999_999, expectedNetCents: 0 },
      ],
      "2026-11-05",
      actor,
      issuer.today,
    );
    expect(outcomes).toEqual([
      { ownerId: owners[1], ok: false, ownerName: "Otávio Lima", reason: "empty" },
      { ownerId: 999_999, ok: false, ownerName: null, reason: "owner" },
    ]);
  });
});

describe("the bulk form's values", () => {
  const parse = (entries: [string, string][]) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return parseWithZod(form, { schema: bulkTransferSchema });
  };

  it("reads one box as a list, drops repeats of an owner, and refuses none or too many", () => {
    const one = parse([
      ["transferred_on", "2026-11-05"],
      ["repasse", "7:12345"],
    ]);
    expect(one.status === "success" && one.value.repasse).toEqual([{ ownerId: 7, expectedNetCents: 12345 }]);
    const twice = parse([
      ["transferred_on", "2026-11-05"],
      ["repasse", "7:12345"],
      ["repasse", "7:1"],
      ["repasse", "8:-50"],
    ]);
    expect(twice.status === "success" && twice.value.repasse.map((p) => p.ownerId)).toEqual([7, 8]);
    const none = parse([["transferred_on", "2026-11-05"]]);
    expect(none.status === "error" && none.error?.repasse).toEqual(["Selecione ao menos um proprietário."]);
    const many = parse([
      ["transferred_on", "2026-11-05"],
      ...Array.from({ length: BULK_TRANSFER_LIMIT + 1 }, (_, i): [string, string] => ["repasse", `${i + 1}:100`]),
    ]);
    expect(many.status === "error" && many.error?.repasse).toEqual([
      `Selecione no máximo ${BULK_TRANSFER_LIMIT} proprietários de uma vez.`,
    ]);
    expect(parse([["repasse", "x:1"]]).status).toBe("error");
  });
});

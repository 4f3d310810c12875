import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { auditExportBatches, listAudit } from "#app/models/audit/audit.server";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { emailsExportBatches, listEmails } from "#app/models/email/outbox-views.server";
import { markTransfersDone } from "#app/models/owners/bulk-transfers.server";
import { drawStatementPdfs } from "#app/models/owners/mark-transfer.server";
import { incomeYearPage } from "#app/models/owners/income-reports.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { monthTransfers } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { staffContext } from "#app/utils/staff-context";
import { loader as auditExport } from "#app/routes/admin/audit-export";
import { loader as incomeExport } from "#app/routes/admin/income/export";
import { loader as transfersExport } from "#app/routes/admin/transfers/export";
import { tempDatabase } from "#tests/fixtures/temp-db";

// "Exportar CSV" of the lists whose figures are computed (issue 34): the
// bytes of Repasses and Informes as Excel in Brazil opens them (BOM, ";",
// CRLF, decimal comma, dd/mm/aaaa, a formula-like name written as text), the
// page's filters applied and its figures (the same model functions); the
// audit log's file for the master only; the long lists read by key, every row
// once in the page's order.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-list-exports-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "it-list-exports-outbox-")));

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-10" };
const owners: number[] = [];
const tenants: number[] = [];
let master: RouterContextProvider;
let admin: RouterContextProvider;

async function contextOf(username: string, role: "master" | "admin") {
  const account = { username, email: `${username}@agencia.com`, name: `${username} Staff`, role } as const;
  const id = await createUser(db, { ...account, password: "senha-forte-123" }, null);
  // What the admin layout's guard puts in the context.
  const context = new RouterContextProvider();
  context.set(staffContext, { id, ...account, active: true, sessionId: "s" });
  return { id, context };
}

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-list-exports-"));
  // The routes read the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  const a = await contextOf("ana", "admin");
  actor.id = a.id;
  admin = a.context;
  master = (await contextOf("mestre", "master")).context;
  for (const [i, [name, cpf]] of [
    ["=Dono Fórmula", "153.509.460-56"],
    ["Helena Duarte", "529.982.247-25"],
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
    tenants.push(tenant.id);
    const b = await createBilling(
      db,
      {
        client_id: tenant.id,
        month_year: "2026-10",
        amount_cents: cents(123_456 * (i + 1)),
        due_date: "2026-10-05",
      },
      actor,
    );
    if (!b.ok) throw new Error("billing");
    await registerPayment(
      db,
      b.id,
      { payment_date: "2026-10-05", amount_paid: cents(123_456 * (i + 1)) },
      actor,
      issuer,
    );
  }
  // Helena's October transferred; the other owner's still pending.
  const { pending } = await monthTransfers(db, "2026-10");
  const helena = pending.rows.find((p) => p.ownerId === owners[1])!;
  const done = await markTransfersDone(
    db,
    "2026-10",
    [{ ownerId: owners[1], expectedNetCents: helena.netCents }],
    "2026-11-05",
    actor,
    issuer.today,
  );
  expect(done[0].ok).toBe(true);
  await drawStatementPdfs(db); // its PDF and the owner's email, as the server draws them after
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

type Loader = (args: never) => Promise<Response>;

// A GET of an export route as the admin layout hands it on; its file's bytes.
async function get(loader: Loader, href: string, context: RouterContextProvider) {
  const url = new URL(href, "http://localhost");
  const request = new Request(url);
  const response = await loader({ request, url, context, params: {} } as never);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return {
    response,
    bytes,
    lines: text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(0, -1),
  };
}

describe("Repasses as a CSV", () => {
  it("has a line an owner of the month, pending or done, with the page's figures, for Excel in Brazil", async () => {
    const { response, bytes, lines } = await get(transfersExport, "/admin/repasses/exportar?mes=2026-10", admin);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="repasses-2026-10-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      "Nº do proprietário;Proprietário;CPF/CNPJ;Mês;Situação;Aluguéis;Recebido (R$);Taxas (R$);A repassar (R$);Extrato nº;Repassado em;Email",
      // A name a spreadsheet would run as a formula is text; 10% of R$ 1.234,56 is R$ 123,46.
      `${owners[0]};'=Dono Fórmula;153.509.460-56;outubro de 2026;Pendente;1;1234,56;123,46;1111,10;;;`,
      expect.stringMatching(
        new RegExp(
          `^${owners[1]};Helena Duarte;529\\.982\\.247-25;outubro de 2026;Repassado;1;2469,12;246,91;2222,21;\\d+;05/11/2026;Aguardando envio$`,
        ),
      ),
    ]);
    // The page's own figure for the pending owner.
    const page = await monthTransfers(db, "2026-10");
    expect(page.pending.rows.map((p) => p.netCents)).toEqual([111_110]);
  });

  it("applies the page's search, and reads a bad month as the page does (never an error)", async () => {
    const found = await get(transfersExport, "/admin/repasses/exportar?mes=2026-10&busca=helena", admin);
    expect(found.lines).toHaveLength(2);
    expect(found.lines[1]).toContain("Helena Duarte");
    // By CPF typed without its punctuation.
    const byDocument = await get(transfersExport, "/admin/repasses/exportar?mes=2026-10&busca=15350946056", admin);
    expect(byDocument.lines.slice(1).map((l) => l.split(";")[1])).toEqual(["'=Dono Fórmula"]);
    // An absurd month is the page's default (the month before today's): a file, maybe empty.
    const absurd = await get(transfersExport, "/admin/repasses/exportar?mes=9999-99&busca=%25%25", admin);
    expect(absurd.response.status).toBe(200);
    expect(absurd.lines[0]).toMatch(/^Nº do proprietário;/);
  });
});

describe("Informes as a CSV", () => {
  it("lists the year's owners then tenants with the page's figures", async () => {
    const { lines } = await get(incomeExport, "/admin/informes/exportar?ano=2026", admin);
    expect(lines[0]).toBe(
      "Tipo;Nº;Nome;CPF/CNPJ;Email;Ano;Recebido no ano (R$);Líquido (R$);Líquido repassado (R$);Líquido a repassar (R$);Pago no ano (R$);Envio do informe",
    );
    expect(lines.slice(1)).toEqual([
      `Proprietário;${owners[0]};'=Dono Fórmula;153.509.460-56;dono0@exemplo.com;2026;1234,56;1111,10;0,00;1111,10;;Não enviado`,
      `Proprietário;${owners[1]};Helena Duarte;529.982.247-25;dono1@exemplo.com;2026;2469,12;2222,21;2222,21;0,00;;Não enviado`,
      `Inquilino;${tenants[0]};Inquilino 0;;inquilino0@teste.com;2026;;;;;1234,56;Não enviado`,
      `Inquilino;${tenants[1]};Inquilino 1;;inquilino1@teste.com;2026;;;;;2469,12;Não enviado`,
    ]);
    // The page says the same.
    const page = await incomeYearPage(db, 2026, { search: "", page: 1, tenantPage: 1 });
    expect(page.owners.rows.map((o) => [o.grossCents, o.netCents])).toEqual([
      [123_456, 111_110],
      [246_912, 222_221],
    ]);
    // Searched: one owner, no tenant of that name.
    const searched = await get(incomeExport, "/admin/informes/exportar?ano=2026&busca=duarte", admin);
    expect(searched.lines.slice(1).map((l) => l.split(";").slice(0, 3).join(";"))).toEqual([
      `Proprietário;${owners[1]};Helena Duarte`,
    ]);
  });
});

describe("Auditoria as a CSV", () => {
  it("is the master's: anyone else gets the page's refusal, not a file", async () => {
    await expect(get(auditExport, "/admin/auditoria/exportar", admin)).rejects.toSatisfy(
      (thrown: unknown) =>
        thrown instanceof Response && thrown.status === 302 && thrown.headers.get("Location") === "/admin/dashboard",
    );
    const { lines } = await get(auditExport, "/admin/auditoria/exportar?entidade=owner&de=lixo", master);
    expect(lines[0]).toBe("Nº;Data/hora;Pessoa;Ação;Entidade;Registro;Alterações");
    // The two owners created by a script, newest first, in the agency's time.
    expect(lines.slice(1).map((l) => l.split(";")[5])).toEqual([String(owners[1]), String(owners[0])]);
    expect(lines[2]).toMatch(/^\d+;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Sistema;/);
    // Its changes one a line inside one quoted cell, as the page lists them.
    expect(lines[2]).toMatch(
      new RegExp(
        `;Criação;Proprietário;${owners[0]};"Nome: =Dono Fórmula\nCPF/CNPJ: 15350946056\nEmail: dono0@exemplo.com"$`,
      ),
    );
  });

  it("reads the whole log by key, every row once, in the page's order", async () => {
    const all: number[] = [];
    for await (const rows of auditExportBatches(db, {}, 3)) {
      expect(rows.length).toBeLessThanOrEqual(3);
      all.push(...rows.map((r) => r.id));
    }
    const page = await listAudit(db, {}, 1);
    expect(page.total).toBeGreaterThan(6);
    expect(all).toHaveLength(page.total);
    expect(all.slice(0, page.rows.length)).toEqual(page.rows.map((r) => r.id));
    // Rows written in the same millisecond keep their id order.
    const ordered = await db
      .selectFrom("audit_log")
      .select("id")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(all).toEqual(ordered.map((r) => r.id));
  });

  it("reads the outbox by key the same way", async () => {
    const all: number[] = [];
    for await (const rows of emailsExportBatches(db, { kind: null, to: "", status: null }, 1))
      all.push(...rows.map((r) => r.id));
    const page = await listEmails(db, { kind: null, to: "", status: null, page: 1 });
    expect(all).toEqual(page.rows.map((r) => r.id));
    expect(all.length).toBeGreaterThan(0);
  });
});

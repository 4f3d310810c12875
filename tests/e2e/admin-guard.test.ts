import { randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import {
  PDF,
  insertContractRow,
  insertMaintenanceRequest,
  insertQueuedBoleto,
  type SampleRows,
} from "#tests/fixtures/admin-rental";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { appDb, count } from "#tests/fixtures/db";
import { buildOfx } from "#tests/fixtures/statements/build";
import { test as base, expect, type TestUser } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { addMaintenanceCost } from "#app/models/maintenance/costs.server";

// The guard matrix: every /admin page (GET) and every admin action (POST) as
// anonymous, client, admin and master. Only the expected roles pass, and a
// refused POST changes nothing.

type Role = "anonymous" | "client" | "admin" | "master";
const ROLES: Role[] = ["anonymous", "client", "admin", "master"];

// With a statement import of reconciliation and its one credit line, and an
// owner of the contract with a payout change waiting (the owner's area, decision 0077).
type Rows = SampleRows & {
  statement: number;
  statementLine: number;
  owner: number;
  bankRequest: number;
  approval: number;
};
type Users = Record<Exclude<Role, "anonymous">, TestUser>;

// Each test gets the rows the admin pages and actions aim at, one account per
// role, and browser contexts signed in as them; the fixtures remove them after.
const test = base.extend<{ rows: Rows; users: Users; contextAs: (role: Role) => Promise<BrowserContext> }>({
  rows: async ({ createProperty, createRequest, createClient, createBilling, attachBoleto }, use) => {
    const property = await createProperty({ name: `Guarda ${Date.now()}`, featured: false });
    const ideal = await createRequest("ideal", {
      name: "Guarda",
      email: "guarda@teste.com",
      phone: undefined,
      idealProperty: "x",
    });
    const listing = await createRequest("owner", {
      nome: "Guarda",
      email: "guarda@teste.com",
      telefone: "67999990000",
      tipoImovel: "casa",
      endereco: "Rua X",
      preco: cents(100000),
    });
    // Contract dates and a rent: "Gerar Cobranças do Contrato" would write three billings.
    const client = await createClient({
      name: "Guarda Inquilino",
      email: "guarda@teste.com",
      monthly_rent: cents(100000),
      contract_start_date: "2099-01-01",
      contract_end_date: "2099-03-31",
    });
    const contract = await insertContractRow(client.id);
    const maintenance = await insertMaintenanceRequest(client.id, { title: "Guarda manutenção" });
    const billing = await createBilling(client.id, { month_year: "2098-12", due_date: "2098-12-05" });
    const boleto = await attachBoleto(billing.id, "boleto-guarda.pdf");
    // An imported statement (reconciliation) whose one credit a guard that let a post through would settle.
    const imported = await importStatement(appDb(), {
      fileName: "extrato-guarda.ofx",
      bytes: buildOfx({
        bankId: "001",
        acctId: `GUARDA${Date.now()}`,
        lines: [{ fitid: "G1", date: "2026-01-05", amountCents: 100_000, memo: "PIX GUARDA" }],
      }),
      actor: null,
      issueDays: 20,
    });
    if (!imported.ok) throw new Error(imported.message);
    const line = await appDb()
      .selectFrom("statement_lines")
      .select("id")
      .where("import_id", "=", imported.id)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const owner = await appDb()
      .insertInto("owners")
      .values({
        name: "Guarda Proprietário",
        email: `guarda-dono-${Date.now()}@teste.com`,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await appDb()
      .insertInto("lease_owners")
      .values({ client_id: client.id, owner_id: owner.id, share_bp: 10000, position: 1 })
      .execute();
    const bankRequest = await appDb()
      .insertInto("owner_bank_requests")
      .values({ owner_id: owner.id, pix_key: "forjado@teste.com", requested_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A repair's cost above the owner's limit: a question waiting for the owner.
    const cost = await addMaintenanceCost(
      appDb(),
      maintenance,
      { description: "Guarda custo", amountCents: cents(90_000) },
      null,
    );
    if (!cost.ok) throw new Error("cost");
    const approval = await appDb()
      .selectFrom("maintenance_approvals")
      .select("id")
      .where("cost_id", "=", cost.id)
      .executeTakeFirstOrThrow();
    const billingIds = {
      billing: billing.id,
      billingDocument: boleto.id,
      queuedBoleto: await insertQueuedBoleto(client.id),
      statement: imported.id,
      statementLine: line.id,
    };
    await use({
      property: property.id,
      ideal: ideal.id,
      listing: listing.id,
      client: client.id,
      contract,
      maintenance,
      owner: owner.id,
      bankRequest: bankRequest.id,
      approval: approval.id,
      ...billingIds,
    });
    await appDb().deleteFrom("lease_owners").where("owner_id", "=", owner.id).execute();
    await appDb().deleteFrom("owners").where("id", "=", owner.id).execute();
    const file = await appDb()
      .deleteFrom("statement_imports")
      .where("id", "=", imported.id)
      .returning("file_key")
      .executeTakeFirst();
    if (file) await removePrivateFiles([file.file_key]);
  },
  users: async ({ createUser }, use) => {
    await use({
      client: await createUser("client"),
      admin: await createUser("admin"),
      master: await createUser("master"),
    });
  },
  contextAs: async ({ newContext, signIn, users }, use) => {
    await use(async (role) => {
      const context = await newContext();
      if (role !== "anonymous") await signIn(users[role], context);
      return context;
    });
  },
});

function pages(rows: Rows) {
  return [
    "/admin/dashboard",
    "/admin/perfil",
    "/admin/equipe",
    "/admin/auditoria",
    "/admin/emails",
    "/admin/privacidade",
    "/admin/privacidade?email=guarda@teste.com",
    "/admin/properties",
    "/admin/properties/new",
    `/admin/properties/${rows.property}/edit`,
    "/admin/banners",
    "/admin/banners/banner-2",
    "/admin/requests",
    `/admin/requests/${rows.ideal}`,
    "/admin/listings",
    `/admin/listings/${rows.listing}`,
    "/admin/clients",
    "/admin/clients?aba=ativos",
    "/admin/clients?aba=contratos",
    "/admin/clients?aba=manutencoes",
    "/admin/clients/new",
    `/admin/clients/${rows.client}/edit`,
    // The lease's pages (issue 36, decisions 0066-0072).
    `/admin/clients/${rows.client}/garantia`,
    `/admin/clients/${rows.client}/garantia/documentos/novo`,
    `/admin/clients/${rows.client}/proprietarios`,
    `/admin/clients/proprietarios/${rows.owner}/acesso`,
    `/admin/clients/${rows.client}/encargos`,
    `/admin/clients/${rows.client}/renovar`,
    `/admin/clients/${rows.client}/acerto`,
    "/admin/feriados",
    "/admin/terceiros",
    "/admin/clients/contratos/novo",
    `/admin/clients/contratos/novo?cliente=${rows.client}`,
    `/admin/clients/contratos/${rows.contract}/excluir`,
    `/admin/clients/manutencoes/${rows.maintenance}`,
    "/admin/clients/manutencoes/documentos/novo",
    `/admin/clients/manutencoes/documentos/novo?solicitacao=${rows.maintenance}`,
    ...billingPages(rows),
  ];
}

function billingPages(rows: Rows) {
  return [
    "/admin/clients?aba=cobrancas",
    "/admin/clients/cobrancas/nova",
    `/admin/clients/cobrancas/nova?cliente=${rows.client}`,
    "/admin/clients/cobrancas/gerar",
    `/admin/clients/cobrancas/${rows.billing}`,
    `/admin/clients/cobrancas/documentos/${rows.billingDocument}/excluir`,
    "/admin/clients/cobrancas/boleto",
    `/admin/clients/cobrancas/boleto?cliente=${rows.client}`,
    `/admin/clients/cobrancas/boletos/${rows.queuedBoleto}`,
    "/admin/extratos",
    `/admin/extratos/${rows.statement}`,
  ];
}

function expectedGet(role: Role, path: string): "ok" | "login" | "dashboard" {
  if (role === "anonymous" || role === "client") return "login";
  if (
    (path === "/admin/equipe" || path === "/admin/auditoria" || path.startsWith("/admin/privacidade")) &&
    role !== "master"
  )
    return "dashboard";
  return "ok";
}

for (const role of ROLES) {
  test(`GET of every admin page as ${role}`, async ({ rows, users, contextAs }) => {
    const context = await contextAs(role);
    for (const path of pages(rows)) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      const expected = expectedGet(role, path);
      if (expected === "ok") {
        expect(res.status(), path).toBe(200);
      } else {
        expect(res.status(), path).toBe(302);
        expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe(
          expected === "login" ? "/admin" : "/admin/dashboard",
        );
      }
      // The data endpoint of the same page must not leak its loader data either.
      if (expected !== "ok") {
        const dataRes = await context.request.get(`${path}.data`, { maxRedirects: 0 });
        const body = await dataRes.text();
        expect(body, `${path}.data`).not.toContain("guarda@teste.com");
        expect(body, `${path}.data`).not.toContain(users.admin.email);
      }
    }
  });
}

// Em atraso's WhatsApp link answers with a redirect for staff too (to wa.me,
// or back to the queue for a billing not overdue, as this one): only the
// target tells a refusal from an answer.
for (const role of ROLES) {
  test(`the WhatsApp reminder link as ${role}`, async ({ rows, contextAs }) => {
    const context = await contextAs(role);
    const res = await context.request.get(`/admin/clients/cobrancas/${rows.billing}/whatsapp`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(new URL(res.headers().location, E2E_URL).pathname).toBe(
      role === "anonymous" || role === "client" ? "/admin" : "/admin/clients",
    );
  });
}

test("the refusal tells the visitor why", async ({ page }) => {
  await page.goto("/admin/properties");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Acesso negado")).toBeVisible();
  await expect(page.getByText("Você precisa fazer login para acessar esta página.")).toBeVisible();
});

async function snapshot(rows: Rows, users: Users) {
  const db = appDb();
  const property = await db
    .selectFrom("properties")
    .select(["name", "featured", "price_cents"])
    .where("id", "=", rows.property)
    .executeTakeFirst();
  const ideal = await db
    .selectFrom("ideal_property_requests")
    .select(["name", "email", "status", "resolved_by", "anonymized_at"])
    .where("id", "=", rows.ideal)
    .executeTakeFirst();
  const listing = await db
    .selectFrom("property_listing_requests")
    .select(["status", "resolved_by"])
    .where("id", "=", rows.listing)
    .executeTakeFirst();
  const banner = await db
    .selectFrom("banners")
    .select(["title", "is_active"])
    .where("id", "=", "banner-2")
    .executeTakeFirst();
  const staff = await count("users", (eb) => eb("username", "like", "forjado-%"));
  const admin = await db
    .selectFrom("users")
    .select(["active", "password_hash"])
    .where("id", "=", users.admin.id)
    .executeTakeFirst();
  // A refused action leaves no audit row either.
  const client = await db.selectFrom("clients").selectAll().where("id", "=", rows.client).executeTakeFirst();
  const clientLogin = await db
    .selectFrom("users as u")
    .innerJoin("clients as c", "c.user_id", "u.id")
    .select(["u.username", "u.password_hash"])
    .where("c.id", "=", rows.client)
    .executeTakeFirst();
  const clients = await count("clients", (eb) => eb("name", "like", "Forjado%"));
  const audit = await count("audit_log", (eb) =>
    eb("actor_id", "in", [users.client.id, users.admin.id, users.master.id]),
  );
  const contracts = await db
    .selectFrom("contracts")
    .select(["id", "file_name"])
    .where("client_id", "=", rows.client)
    .orderBy("id")
    .execute();
  const maintenance = await db
    .selectFrom("maintenance_requests")
    .select(["status", "priority", "admin_notes", "completed_at"])
    .where("id", "=", rows.maintenance)
    .executeTakeFirst();
  const documents = await count("maintenance_documents", (eb) => eb("request_id", "=", rows.maintenance));
  const costs = await count("maintenance_costs", (eb) => eb("request_id", "=", rows.maintenance));
  const approval = await db
    .selectFrom("maintenance_approvals")
    .selectAll()
    .where("id", "=", rows.approval)
    .executeTakeFirst();
  const owner = await db.selectFrom("owners").selectAll().where("id", "=", rows.owner).executeTakeFirst();
  const bankRequest = await db
    .selectFrom("owner_bank_requests")
    .selectAll()
    .where("id", "=", rows.bankRequest)
    .executeTakeFirst();
  const guaranteeDocuments = await count("guarantee_documents", (eb) => eb("client_id", "=", rows.client));
  const billing = await billingSnapshot(rows);
  const statements = await count("statement_imports", (eb) => eb("file_name", "=", "forjado.ofx"));
  return JSON.stringify({
    costs,
    approval,
    owner,
    bankRequest,
    statements,
    property,
    ideal,
    listing,
    banner,
    staff,
    admin,
    client,
    clientLogin,
    clients,
    audit,
    contracts,
    maintenance,
    documents,
    guaranteeDocuments,
    billing,
  });
}

async function billingSnapshot(rows: Rows) {
  const db = appDb();
  const billings = await db
    .selectFrom("billing")
    .select(["id", "month_year", "amount_cents", "status", "payment_date", "updated_at"])
    .where("client_id", "=", rows.client)
    .orderBy("id")
    .execute();
  const boletos = await db
    .selectFrom("billing_documents")
    .select(["id", "file_name", "file_key"])
    .where("billing_id", "=", rows.billing)
    .orderBy("id")
    .execute();
  const queued = await db
    .selectFrom("boleto_queue")
    .selectAll()
    .where("client_id", "=", rows.client)
    .orderBy("id")
    .execute();
  return JSON.stringify({ billings, boletos, queued });
}

// Form bodies carry every field name the admin actions read; a guard that
// works refuses them before reading any.
function actions(rows: Rows, users: Users): { path: string; form: Record<string, string> }[] {
  const common = {
    id: String(rows.property),
    name: "Forjado",
    status: "resolved",
    resolved_by: "Forjado",
    title: "Forjado",
    featured: "on",
  };
  return [
    { path: "/admin/properties", form: { ...common, intent: "toggle-featured" } },
    { path: "/admin/properties", form: { ...common, intent: "delete" } },
    { path: `/admin/properties/${rows.property}/edit`, form: { ...common, location: "X", price: "1", area: "1" } },
    { path: "/admin/properties/new", form: { ...common, location: "X", price: "1", area: "1" } },
    { path: "/admin/banners", form: { intent: "toggle", id: "banner-2" } },
    { path: "/admin/banners", form: { intent: "restore" } },
    { path: "/admin/banners/banner-2", form: { title: "Forjado", show_on_desktop: "on" } },
    { path: "/admin/requests", form: { intent: "status", id: String(rows.ideal), status: "resolved" } },
    {
      path: `/admin/requests/${rows.ideal}`,
      form: { intent: "responsible", id: String(rows.ideal), resolved_by: "Forjado" },
    },
    { path: "/admin/listings", form: { intent: "status", id: String(rows.listing), status: "resolved" } },
    {
      path: `/admin/listings/${rows.listing}`,
      form: { intent: "responsible", id: String(rows.listing), resolved_by: "Forjado" },
    },
    {
      path: "/admin/equipe",
      form: {
        intent: "create",
        name: "Forjado",
        username: `forjado-${Date.now()}`,
        email: `forjado-${Date.now()}@teste.com`,
        password: "senha12345",
      },
    },
    { path: "/admin/equipe", form: { intent: "disable", id: String(users.admin.id) } },
    { path: "/admin/privacidade", form: { intent: "erase", email: "guarda@teste.com", confirm: "on" } },
    { path: "/admin/privacidade/exportar", form: { intent: "export", email: "guarda@teste.com" } },
    { path: "/admin/equipe", form: { intent: "reset", id: String(users.admin.id) } },
    { path: "/admin/perfil", form: { intent: "profile", name: "Forjado", email: "forjado@teste.com" } },
    {
      path: "/admin/clients/new",
      form: {
        name: "Forjado",
        email: `forjado-${Date.now()}@teste.com`,
        username: `forjado-${Date.now()}`,
        payment_due_day: "5",
      },
    },
    {
      path: `/admin/clients/${rows.client}/edit`,
      form: { name: "Forjado", email: "forjado@teste.com", monthly_rent: "1,00" },
    },
    {
      path: "/admin/clients",
      form: { intent: "give-login", id: String(rows.client), username: `forjado-${Date.now()}` },
    },
    { path: "/admin/clients", form: { intent: "reset-password", id: String(rows.client) } },
    { path: "/admin/clients", form: { intent: "disable-login", id: String(rows.client) } },
    { path: "/admin/clients", form: { intent: "delete", id: String(rows.client) } },
    {
      path: `/admin/clients/${rows.client}/novo-contrato`,
      form: { name: "Forjado", email: "forjado@teste.com", payment_due_day: "5" },
    },
    { path: "/admin/clients/contratos/novo", form: { client_id: String(rows.client) } },
    { path: `/admin/clients/contratos/${rows.contract}/excluir`, form: { intent: "delete" } },
    {
      path: `/admin/clients/manutencoes/${rows.maintenance}`,
      form: { status: "completed", priority: "urgent", admin_notes: "Forjado" },
    },
    { path: "/admin/clients/manutencoes/documentos/novo", form: { request_id: String(rows.maintenance) } },
    // A repair's cost (it would ask the owner), the owner's login and payout details.
    {
      path: `/admin/clients/manutencoes/${rows.maintenance}`,
      form: { intent: "cost", description: "Forjado", amount: "900,00" },
    },
    {
      path: `/admin/clients/proprietarios/${rows.owner}/acesso`,
      form: { intent: "give-access", username: "forjado-dono" },
    },
    // An owner's answer heard by phone, recorded by staff.
    {
      path: `/admin/clients/manutencoes/${rows.maintenance}`,
      form: { intent: "answer", approval_id: String(rows.approval), answer: "approved" },
    },
    {
      path: `/admin/clients/proprietarios/${rows.owner}/acesso`,
      form: { intent: "confirm-bank", request_id: String(rows.bankRequest) },
    },
    ...billingActions(rows),
    ...boletoActions(rows),
  ];
}

// The boleto flow's posts; a guard that lets one through stores a boleto,
// processes the awaiting list or removes the queued row.
function boletoActions(rows: Rows): { path: string; form: Record<string, string> }[] {
  return [
    { path: "/admin/clients/cobrancas/boleto", form: { client_id: String(rows.client) } },
    { path: `/admin/clients/cobrancas/boletos/${rows.queuedBoleto}?de=lista`, form: { intent: "discard" } },
    { path: "/admin/clients/cobrancas/boletos/processar", form: { intent: "process" } },
    // Confirmar with the statement's credit assigned to the billing: it would pay it.
    { path: `/admin/extratos/${rows.statement}`, form: { [`assign-${rows.statementLine}`]: String(rows.billing) } },
  ];
}

// Valid posts: a guard that lets one through writes a billing or changes one.
function billingActions(rows: Rows): { path: string; form: Record<string, string> }[] {
  return [
    {
      path: "/admin/clients/cobrancas/nova",
      form: { client_id: String(rows.client), month_year: "2099-07", amount: "1.250,00", due_date: "2099-07-05" },
    },
    { path: "/admin/clients/cobrancas/gerar", form: { client_id: String(rows.client) } },
    // Registrar pagamento (the selector's Pago writes nothing by itself, decision 0061): the whole 1.250,00.
    {
      path: `/admin/clients/cobrancas/${rows.billing}`,
      form: { intent: "payment", payment_date: localToday(), amount_paid: "1.250,00", chave: randomUUID() },
    },
    { path: `/admin/clients/cobrancas/documentos/${rows.billingDocument}/excluir`, form: { intent: "delete" } },
  ];
}

async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { Origin: E2E_URL }, maxRedirects: 0 });
}

// The upload forms as a browser sends them: multipart, with a real PDF.
// `back`: where staff land once it is stored.
const UPLOADS = (rows: Rows): { path: string; fields: Record<string, string>; back: string }[] => [
  { path: "/admin/clients/contratos/novo", fields: { client_id: String(rows.client) }, back: "/admin/clients" },
  {
    path: `/admin/clients/${rows.client}/garantia/documentos/novo`,
    fields: { client_id: String(rows.client) },
    back: `/admin/clients/${rows.client}/garantia`,
  },
  {
    path: "/admin/clients/manutencoes/documentos/novo",
    fields: { request_id: String(rows.maintenance) },
    back: "/admin/clients",
  },
];
async function upload(request: APIRequestContext, path: string, fields: Record<string, string>) {
  return request.post(path, {
    multipart: { ...fields, file: { name: "forjado.pdf", mimeType: "application/pdf", buffer: PDF } },
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
}

for (const role of ["anonymous", "client"] as const) {
  test(`every admin action as ${role} is refused and changes nothing`, async ({ rows, users, contextAs }) => {
    const context = await contextAs(role);
    const before = await snapshot(rows, users);
    for (const { path, form } of actions(rows, users)) {
      const res = await post(context.request, path, form);
      expect(res.status(), path).toBe(302);
      expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe("/admin");
    }
    for (const { path, fields } of UPLOADS(rows)) {
      const res = await upload(context.request, path, fields);
      expect(res.status(), path).toBe(302);
      expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe("/admin");
    }
    const statement = buildOfx({
      bankId: "001",
      acctId: "FORJADO",
      lines: [{ fitid: "F1", date: "2026-01-05", amountCents: 1, memo: "FORJADO" }],
    });
    const forged = await context.request.post("/admin/extratos", {
      multipart: { file: { name: "forjado.ofx", mimeType: "application/x-ofx", buffer: statement } },
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    expect(new URL(forged.headers().location, E2E_URL).pathname).toBe("/admin");
    expect(await snapshot(rows, users)).toBe(before);
  });
}

const MASTER_ONLY = ["/admin/equipe", "/admin/privacidade", "/admin/privacidade/exportar"];

test("staff and privacy actions as an admin (not master) are refused and change nothing", async ({
  rows,
  users,
  contextAs,
}) => {
  const context = await contextAs("admin");
  const before = await snapshot(rows, users);
  for (const { path, form } of actions(rows, users).filter((a) => MASTER_ONLY.includes(a.path))) {
    const res = await post(context.request, path, form);
    expect(res.status(), path).toBe(302);
    expect(new URL(res.headers().location, E2E_URL).pathname).toBe("/admin/dashboard");
  }
  expect(await snapshot(rows, users)).toBe(before);
});

test("privacy actions as master are allowed", async ({ contextAs, createRequest }) => {
  const context = await contextAs("master");
  const email = `guarda-lgpd-${Date.now()}@teste.com`;
  const request = await createRequest("ideal", { name: "Guarda LGPD", email, idealProperty: "Casa" });
  const exported = await post(context.request, "/admin/privacidade/exportar", { intent: "export", email });
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-disposition"]).toMatch(
    /^attachment; filename="dados-pessoais-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(exported.headers()["cache-control"]).toBe("private, no-store");
  expect((await exported.json()).visitor_requests.ideal_property[0].name).toBe("Guarda LGPD");
  const erased = await post(context.request, "/admin/privacidade", { intent: "erase", email, confirm: "on" });
  expect(erased.status()).toBe(302);
  expect(new URL(erased.headers().location, E2E_URL).pathname).toBe("/admin/privacidade");
  expect(
    (
      await appDb()
        .selectFrom("ideal_property_requests")
        .select("name")
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow()
    ).name,
  ).toBe("Anonimizado");
});

for (const role of ["admin", "master"] as const) {
  test(`client actions as ${role} are allowed`, async ({ rows, contextAs }) => {
    const context = await contextAs(role);
    const reset = await post(context.request, "/admin/clients", { intent: "reset-password", id: String(rows.client) });
    expect(reset.status()).toBe(200);
    const edit = await post(context.request, `/admin/clients/${rows.client}/edit`, {
      name: "Guarda Inquilino",
      email: "guarda@teste.com",
      monthly_rent: "2,00",
    });
    expect(edit.status()).toBe(302);
    expect(new URL(edit.headers().location, E2E_URL).pathname).toBe("/admin/clients");
    expect(
      (
        await appDb()
          .selectFrom("clients")
          .select("monthly_rent_cents")
          .where("id", "=", rows.client)
          .executeTakeFirstOrThrow()
      ).monthly_rent_cents,
    ).toBe(200);
  });

  test(`contract and maintenance actions as ${role} are allowed`, async ({ rows, contextAs }) => {
    const context = await contextAs(role);
    const manage = await post(context.request, `/admin/clients/manutencoes/${rows.maintenance}`, {
      status: "completed",
      priority: "high",
      admin_notes: "Feito",
    });
    expect(manage.status()).toBe(302);
    expect(
      (
        await appDb()
          .selectFrom("maintenance_requests")
          .select("status")
          .where("id", "=", rows.maintenance)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("completed");
    for (const { path, fields, back } of UPLOADS(rows)) {
      const res = await upload(context.request, path, fields);
      expect(res.status(), path).toBe(302);
      expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe(back);
    }
    expect(await count("contracts", (eb) => eb("client_id", "=", rows.client))).toBe(2);
    expect(await count("guarantee_documents", (eb) => eb("client_id", "=", rows.client))).toBe(1);
    expect(await count("maintenance_documents", (eb) => eb("request_id", "=", rows.maintenance))).toBe(1);
    const del = await post(context.request, `/admin/clients/contratos/${rows.contract}/excluir`, { intent: "delete" });
    expect(del.status()).toBe(302);
    expect(await count("contracts", (eb) => eb("id", "=", rows.contract))).toBe(0);
  });
}

for (const role of ["admin", "master"] as const) {
  test(`billing actions as ${role} are allowed`, async ({ rows, contextAs }) => {
    const context = await contextAs(role);
    const month = (m: string) =>
      count("billing", (eb) => eb.and([eb("client_id", "=", rows.client), eb("month_year", "=", m)]));
    for (const { path, form } of billingActions(rows)) {
      const res = await post(context.request, path, form);
      expect(res.status(), path).toBe(302);
      // Back to the tab: the client's billings, where the row changed is.
      const location = new URL(res.headers().location, E2E_URL);
      expect(location.pathname + location.search, path).toBe(
        `/admin/clients?aba=cobrancas&fila=todas&cliente=${rows.client}`,
      );
    }
    expect(await month("2099-07")).toBe(1);
    expect(await Promise.all(["2099-01", "2099-02", "2099-03"].map(month))).toEqual([1, 1, 1]);
    expect(
      (await appDb().selectFrom("billing").select("status").where("id", "=", rows.billing).executeTakeFirstOrThrow())
        .status,
    ).toBe("paid");
    expect(await count("billing_documents", (eb) => eb("id", "=", rows.billingDocument))).toBe(0);
    // Removing a boleto from the awaiting list ("Processar" is the boleto flow's own test: it takes the whole list).
    const removed = await post(context.request, `/admin/clients/cobrancas/boletos/${rows.queuedBoleto}?de=lista`, {
      intent: "discard",
    });
    expect(removed.status()).toBe(302);
    expect(await count("boleto_queue", (eb) => eb("id", "=", rows.queuedBoleto))).toBe(0);
  });
}

// The billing pages, actions and an attached boleto as anonymous, the
// billing's own tenant (A), another tenant (B), admin and master: tenants
// are refused by the admin guard like anyone signed out, and only A among
// them reads its boleto; a refused post changes no billing row.
type Who = "anonymous" | "clientA" | "clientB" | "admin" | "master";
// "/a?b=c" -> "/a.data?b=c": the loader data of the same page.
const dataUrl = (path: string) => {
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
};
for (const who of ["anonymous", "clientA", "clientB", "admin", "master"] as Who[]) {
  test(`billing pages, actions and boleto as ${who}`, async ({
    rows,
    users,
    newContext,
    createClient,
    signIn,
    signInClient,
  }) => {
    const context = await newContext();
    if (who === "clientA") await signInClient({ id: rows.client }, context);
    if (who === "clientB") await signInClient(await createClient({ name: `Guarda B ${Date.now()}` }), context);
    if (who === "admin" || who === "master") await signIn(users[who], context);
    const staff = who === "admin" || who === "master";

    for (const path of billingPages(rows)) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      if (staff) {
        expect(res.status(), path).toBe(200);
        expect(res.headers()["cache-control"], path).toBe("private, no-store");
      } else {
        expect(res.status(), path).toBe(302);
        expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe("/admin");
        const data = await (await context.request.get(dataUrl(path), { maxRedirects: 0 })).text();
        expect(data, path).not.toContain("boleto-guarda");
        expect(data, path).not.toContain("Guarda Inquilino");
      }
    }

    // A boleto still on the awaiting list, and an imported statement, are the staff's alone.
    for (const url of [`/arquivos/boletos/${rows.queuedBoleto}`, `/arquivos/extratos/${rows.statement}?download=1`]) {
      const res = await context.request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(staff ? 200 : 404);
      expect(res.headers()["cache-control"], url).toBe("private, no-store");
      if (!staff) expect(await res.text(), url).not.toContain("PIX GUARDA");
    }

    for (const url of [
      `/arquivos/cobrancas/${rows.billingDocument}`,
      `/arquivos/cobrancas/${rows.billingDocument}?download=1`,
    ]) {
      const res = await context.request.get(url, { maxRedirects: 0 });
      expect(res.headers()["cache-control"], url).toBe("private, no-store");
      if (staff || who === "clientA") {
        expect(res.status(), url).toBe(200);
        expect(res.headers()["content-disposition"], url).toMatch(
          url.endsWith("download=1") ? /^attachment; / : /^inline; /,
        );
      } else {
        expect(res.status(), url).toBe(404);
        expect(res.headers()["content-disposition"], url).toBeUndefined();
        expect(await res.text(), url).not.toContain("boleto-guarda");
      }
    }

    if (staff) return; // their posts are the allowed test's
    const before = await billingSnapshot(rows);
    for (const { path, form } of [...billingActions(rows), ...boletoActions(rows)]) {
      const res = await post(context.request, path, form);
      expect(res.status(), path).toBe(302);
      expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe("/admin");
    }
    expect(await billingSnapshot(rows)).toBe(before);
  });
}

test("a session whose account was disabled is expired", async ({ page, admin: user }) => {
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: `Olá, ${user.name}` })).toBeVisible();
  await appDb().updateTable("users").set({ active: 0 }).where("id", "=", user.id).execute();
  await page.goto("/admin/properties");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Sessão expirada")).toBeVisible();
});

import type { APIRequestContext, APIResponse, BrowserContext } from "@playwright/test";
import { removePrivateFiles, storePrivateFile } from "#app/models/files/private-store.server";
import { addMaintenanceCost } from "#app/models/maintenance/costs.server";
import { saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { insertMaintenanceRequest } from "#tests/fixtures/admin-rental";
import { appDb, count } from "#tests/fixtures/db";
import { samplePdf } from "#tests/fixtures/rental";
import { uniq } from "#tests/fixtures/site";
import { test as base, expect, type TestUser } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// The owner's area guard matrix (issue 37, decision 0077): every page of
// /area-do-proprietario (GET), its two actions (POST) and the private files an
// owner may read, as anonymous, two tenants (A of lease L1, B of lease L2),
// three owners (O1 60% and O2 40% of L1, O3 of L2 alone) and staff (admin,
// master). Only an owner passes the area's guard, each sees only their own
// rows (a lease that names them, their own statement, their own approval), a
// refused post changes nothing, and a private file is the site's 404 page to
// anyone not allowed.

type Viewer = "anonymous" | "tenantA" | "tenantB" | "O1" | "O2" | "O3" | "admin" | "master";
const VIEWERS: Viewer[] = ["anonymous", "tenantA", "tenantB", "O1", "O2", "O3", "admin", "master"];
type OwnerKey = "O1" | "O2" | "O3";
const OWNERS: OwnerKey[] = ["O1", "O2", "O3"];
const isOwner = (v: Viewer): v is OwnerKey => v === "O1" || v === "O2" || v === "O3";
const isStaff = (v: Viewer) => v === "admin" || v === "master";

type Lease = { id: number; tenantName: string; address: string };
type World = {
  tag: string;
  owners: Record<OwnerKey, { id: number; name: string; user: TestUser }>;
  L1: Lease;
  L2: Lease;
  staff: { admin: TestUser; master: TestUser };
  tenantUsers: number[];
  // A final statement (its PDF on disk) of O1 and one of O3.
  statements: { O1: number; O3: number };
  contract: { id: number; fileName: string };
  receipt: number;
  // The cost of a repair on L1 above both owners' limit: one question each.
  approvals: { O1: number; O2: number };
};

const test = base.extend<{ world: World; contextAs: (viewer: Viewer) => Promise<BrowserContext> }>({
  world: async ({ createUser, createClient, createContract, createBilling }, use) => {
    const tag = uniq();
    const db = appDb();
    const now = new Date().toISOString();
    const today = localToday();
    const owner = async (key: OwnerKey, n: string) => {
      const user = await createUser("client");
      const name = `Dono ${n} Guarda ${tag}`;
      const row = await db
        .insertInto("owners")
        .values({
          name,
          email: `dono-${n.toLowerCase()}-${tag}@teste.com.br`,
          pix_key: `dono-${n.toLowerCase()}-${tag}@teste.com.br`,
          user_id: user.id,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return [key, { id: row.id, name, user }] as const;
    };
    const owners = Object.fromEntries([
      await owner("O1", "Um"),
      await owner("O2", "Dois"),
      await owner("O3", "Tres"),
    ]) as World["owners"];
    const lease = async (n: string, ownerId: number): Promise<Lease> => {
      const address = `Rua Guarda ${n} ${tag}, 100 - Centro`;
      const client = await createClient({
        name: `Inquilino ${n} Guarda ${tag}`,
        owner_id: ownerId,
        property_address: address,
        monthly_rent: cents(150_000),
        contract_start_date: "2025-01-01",
        contract_end_date: "2027-12-31",
      });
      return { id: client.id, tenantName: client.name, address };
    };
    const L1 = await lease("Um", owners.O1.id);
    const L2 = await lease("Dois", owners.O3.id);
    const shared = await saveLeaseOwners(
      db,
      L1.id,
      {
        owners: [
          { ownerId: owners.O1.id, shareBp: 6000 },
          { ownerId: owners.O2.id, shareBp: 4000 },
        ],
      },
      null,
    );
    if (!shared.ok) throw new Error(`lease owners: ${shared.reason}`);
    const tenantUsers = (
      await db.selectFrom("clients").select("user_id").where("id", "in", [L1.id, L2.id]).execute()
    ).map((c) => c.user_id!);

    const keys: string[] = [];
    const statement = async (ownerId: number) => {
      const file_key = await storePrivateFile(samplePdf(`Extrato ${tag}`), ".pdf");
      keys.push(file_key);
      const row = await db
        .insertInto("owner_statements")
        .values({
          owner_id: ownerId,
          month: today.slice(0, 7),
          gross_cents: cents(150_000),
          charges_cents: cents(0),
          admin_fee_cents: cents(15_000),
          first_rent_fee_cents: cents(0),
          net_cents: cents(135_000),
          items: "[]",
          transferred_on: today,
          destination: null,
          created_by_name: "Teste",
          created_at: now,
          file_key,
          file_name: `Extrato Guarda ${tag}.pdf`,
          mime_type: "application/pdf",
          size: 100,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const statements = { O1: await statement(owners.O1.id), O3: await statement(owners.O3.id) };

    const contract = await createContract(L1.id, `Contrato Guarda ${tag}.pdf`);
    // A receipt of L1's rent: the tenant's, never an owner's.
    const billing = await createBilling(L1.id, { month_year: "2099-09", due_date: "2099-09-05" });
    const receiptKey = await storePrivateFile(samplePdf(`Recibo ${tag}`), ".pdf");
    keys.push(receiptKey);
    const receipt = await db
      .insertInto("billing_receipts")
      .values({
        billing_id: billing.id,
        payment_date: today,
        days_late: 0,
        late_fee_bp: 0,
        monthly_interest_bp: 0,
        rent_cents: cents(125_000),
        late_fee_cents: cents(0),
        interest_cents: cents(0),
        adjustment_cents: cents(0),
        total_cents: cents(125_000),
        created_at: now,
        voided_at: null,
        credit_id: null,
        open_after_cents: null,
        void_reason: null,
        file_key: receiptKey,
        file_name: `Recibo Guarda ${tag}.pdf`,
        mime_type: "application/pdf",
        size: 100,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const request = await insertMaintenanceRequest(L1.id, { title: `Vazamento Guarda ${tag}` });
    // 800,00: above both owners' R$ 500,00 limit.
    const cost = await addMaintenanceCost(
      db,
      request,
      { description: `Troca do sifão ${tag}`, amountCents: cents(80_000) },
      null,
    );
    if (!cost.ok || cost.asked !== 2) throw new Error(`maintenance cost: ${JSON.stringify(cost)}`);
    const asked = await db
      .selectFrom("maintenance_approvals")
      .select(["id", "owner_id"])
      .where("cost_id", "=", cost.id)
      .execute();
    const approvalOf = (ownerId: number) => asked.find((a) => a.owner_id === ownerId)!.id;

    await use({
      tag,
      owners,
      L1,
      L2,
      staff: { admin: await createUser("admin"), master: await createUser("master") },
      tenantUsers,
      statements,
      contract: { id: contract.id, fileName: contract.fileName },
      receipt: receipt.id,
      approvals: { O1: approvalOf(owners.O1.id), O2: approvalOf(owners.O2.id) },
    });

    // Before the fixtures that made the clients, billing and logins remove theirs.
    await db.deleteFrom("billing_receipts").where("id", "=", receipt.id).execute();
    await db.deleteFrom("maintenance_requests").where("id", "=", request).execute();
    const ownerIds = OWNERS.map((k) => owners[k].id);
    await db.deleteFrom("owner_statements").where("owner_id", "in", ownerIds).execute();
    await db.deleteFrom("owners").where("id", "in", ownerIds).execute();
    await removePrivateFiles(keys);
  },

  contextAs: async ({ newContext, signIn, signInClient, world }, use) => {
    await use(async (viewer) => {
      const context = await newContext();
      if (viewer === "tenantA") await signInClient({ id: world.L1.id }, context);
      else if (viewer === "tenantB") await signInClient({ id: world.L2.id }, context);
      else if (isOwner(viewer)) await signIn(world.owners[viewer].user, context);
      else if (isStaff(viewer)) await signIn(world.staff[viewer], context);
      return context;
    });
  },
});

const AREA = "/area-do-proprietario";
const lastYear = () => Number(localToday().slice(0, 4)) - 1;
const pathOf = (res: APIResponse) => new URL(res.headers().location, E2E_URL).pathname;

// Every page of the area with who gets it: "ok" (200), "404", or the redirect
// of the approval route's GET (back to the summary) for an owner.
type Expect = "ok" | "404" | "summary";
function pages(w: World, owner: OwnerKey): { path: string; expected: Expect }[] {
  const ofL1 = owner === "O1" || owner === "O2";
  return [
    { path: AREA, expected: "ok" },
    { path: `${AREA}/imoveis`, expected: "ok" },
    { path: `${AREA}/imoveis/${w.L1.id}`, expected: ofL1 ? "ok" : "404" },
    { path: `${AREA}/imoveis/${w.L2.id}`, expected: owner === "O3" ? "ok" : "404" },
    { path: `${AREA}/imoveis/999999999`, expected: "404" },
    { path: `${AREA}/imoveis/abc`, expected: "404" },
    { path: `${AREA}/extratos`, expected: "ok" },
    // A statement is per owner: the co-owner O2 does not read O1's.
    { path: `${AREA}/extratos/${w.statements.O1}`, expected: owner === "O1" ? "ok" : "404" },
    { path: `${AREA}/extratos/${w.statements.O3}`, expected: owner === "O3" ? "ok" : "404" },
    { path: `${AREA}/extratos/999999999`, expected: "404" },
    { path: `${AREA}/informes`, expected: "ok" },
    { path: `${AREA}/informes?ano=${lastYear()}`, expected: "ok" },
    { path: `${AREA}/dados-bancarios`, expected: "ok" },
    { path: `${AREA}/aprovacoes/${w.approvals.O1}`, expected: "summary" },
  ];
}

// What one owner's pages must never show: the other owners' names, and the
// leases (address, tenant) that do not name them.
function foreignText(w: World, owner: OwnerKey): string[] {
  const others = OWNERS.filter((k) => k !== owner).map((k) => w.owners[k].name);
  const leases = owner === "O3" ? [w.L1] : [w.L2];
  return [...others, ...leases.flatMap((l) => [l.address, l.tenantName])];
}

// "/a?b=c" -> "/a.data?b=c": the loader data of the same page.
const dataUrl = (path: string) => {
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
};

async function expectLogin(res: APIResponse, what: string) {
  expect(res.status(), what).toBe(302);
  expect(pathOf(res), what).toBe("/client-login");
  expect(res.headers()["cache-control"], what).toBe("private, no-store");
  expect(res.headers()["set-cookie"] ?? "", what).toContain("toast=");
}

for (const viewer of VIEWERS) {
  test(`GET of every owner page and the informe PDF as ${viewer}`, async ({ world: w, contextAs }) => {
    test.setTimeout(60_000);
    const context = await contextAs(viewer);
    const informe = `${AREA}/informes/${lastYear()}`;
    if (!isOwner(viewer)) {
      for (const { path } of pages(w, "O1")) {
        await expectLogin(await context.request.get(path, { maxRedirects: 0 }), path);
        // The data endpoint of the same page leaks nothing either.
        const body = await (await context.request.get(dataUrl(path), { maxRedirects: 0 })).text();
        for (const text of [w.owners.O1.name, w.owners.O3.name, w.L1.address, w.L2.address])
          expect(body, `${path}.data`).not.toContain(text);
      }
      const pdf = await context.request.get(informe, { maxRedirects: 0 });
      await expectLogin(pdf, informe);
      expect(pdf.headers()["content-type"] ?? "", informe).not.toContain("application/pdf");
      // The refusal tells why, on the login page it leads to.
      const login = await (await context.request.get("/client-login")).text();
      expect(login).toContain("Acesso negado");
      return;
    }

    const me = w.owners[viewer];
    for (const { path, expected } of pages(w, viewer)) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.headers()["cache-control"], path).toBe("private, no-store");
      if (expected === "summary") {
        expect(res.status(), path).toBe(302);
        expect(pathOf(res), path).toBe(AREA);
        continue;
      }
      expect(res.status(), path).toBe(expected === "ok" ? 200 : 404);
      const body = await res.text();
      if (expected === "ok") expect(body, path).toContain(me.name);
      for (const text of foreignText(w, viewer)) expect(body, path).not.toContain(text);
      if (expected === "404") {
        // Not theirs: the loader data of the same page leaks nothing either.
        const data = await (await context.request.get(dataUrl(path), { maxRedirects: 0 })).text();
        for (const text of foreignText(w, viewer)) expect(data, `${path}.data`).not.toContain(text);
      }
    }
    // Their own rows show: the leases that name them, their question.
    const leases = await (await context.request.get(`${AREA}/imoveis`)).text();
    expect(leases).toContain(viewer === "O3" ? w.L2.address : w.L1.address);
    const summary = await (await context.request.get(AREA)).text();
    if (viewer === "O3") expect(summary).not.toContain(`Vazamento Guarda ${w.tag}`);
    else expect(summary).toContain(`Vazamento Guarda ${w.tag}`);

    const pdf = await context.request.get(informe, { maxRedirects: 0 });
    expect(pdf.status(), informe).toBe(200);
    expect(pdf.headers()["content-type"], informe).toContain("application/pdf");
    expect(pdf.headers()["cache-control"], informe).toBe("private, no-store");
    expect(pdf.headers()["content-disposition"], informe).toContain(`Informe de Rendimentos ${lastYear()}`);
    expect((await pdf.body()).subarray(0, 5).toString(), informe).toBe("%PDF-");
  });
}

// Who reads each private file: the statement of O1 (and of O3), L1's contract
// and L1's rent receipt.
function files(w: World): { url: string; name: string; allowed: Viewer[] }[] {
  return [
    {
      url: `/arquivos/extratos-proprietario/${w.statements.O1}`,
      name: `Extrato Guarda ${w.tag}`,
      allowed: ["O1", "admin", "master"],
    },
    {
      url: `/arquivos/extratos-proprietario/${w.statements.O3}`,
      name: `Extrato Guarda ${w.tag}`,
      allowed: ["O3", "admin", "master"],
    },
    {
      url: `/arquivos/contratos/${w.contract.id}`,
      name: w.contract.fileName,
      allowed: ["tenantA", "O1", "O2", "admin", "master"],
    },
    {
      url: `/arquivos/recibos/${w.receipt}`,
      name: `Recibo Guarda ${w.tag}`,
      allowed: ["tenantA", "admin", "master"],
    },
  ];
}

for (const viewer of VIEWERS) {
  test(`the owner's private files as ${viewer}`, async ({ world: w, contextAs }) => {
    const context = await contextAs(viewer);
    for (const { url: base, name, allowed } of files(w)) {
      for (const url of [base, `${base}?download=1`]) {
        const res = await context.request.get(url, { maxRedirects: 0 });
        expect(res.headers()["cache-control"], url).toBe("private, no-store");
        if (allowed.includes(viewer)) {
          expect(res.status(), url).toBe(200);
          expect(res.headers()["content-type"], url).toBe("application/pdf");
          expect(res.headers()["content-disposition"], url).toMatch(
            url.endsWith("download=1") ? /^attachment; / : /^inline; /,
          );
          expect((await res.body()).subarray(0, 5).toString(), url).toBe("%PDF-");
        } else {
          expect(res.status(), url).toBe(404);
          expect(res.headers()["content-disposition"], url).toBeUndefined();
          expect(res.headers()["content-type"], url).toContain("text/html");
          expect(await res.text(), url).not.toContain(name);
        }
      }
    }
  });
}

async function snapshot(w: World) {
  const db = appDb();
  const ownerIds = OWNERS.map((k) => w.owners[k].id);
  const owners = await db
    .selectFrom("owners")
    .select(["id", "pix_key", "bank_account", "updated_at"])
    .where("id", "in", ownerIds)
    .orderBy("id")
    .execute();
  const bankRequests = await db
    .selectFrom("owner_bank_requests")
    .selectAll()
    .where("owner_id", "in", ownerIds)
    .orderBy("id")
    .execute();
  const approvals = await db
    .selectFrom("maintenance_approvals")
    .selectAll()
    .where("id", "in", [w.approvals.O1, w.approvals.O2])
    .orderBy("id")
    .execute();
  // A refused post leaves no audit row nor the agency's email either.
  const actors = [...OWNERS.map((k) => w.owners[k].user.id), ...w.tenantUsers, w.staff.admin.id, w.staff.master.id];
  const audit = await count("audit_log", (eb) => eb("actor_id", "in", actors));
  const emails = await count("email_outbox", (eb) => eb("subject", "like", `%${w.tag}%`));
  return JSON.stringify({ owners, bankRequests, approvals, audit, emails });
}

async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { Origin: E2E_URL }, maxRedirects: 0 });
}

const BANK = `${AREA}/dados-bancarios`;
const bankForm = (tag: string) => ({
  pix_key: `forjado-${tag}@teste.com.br`,
  bank_account: "Banco Forjado, ag. 0001, c/c 12345-6",
  note: "Forjado",
});

for (const viewer of ["anonymous", "tenantA", "tenantB", "admin", "master"] as const) {
  test(`the owner's actions as ${viewer} are refused and change nothing`, async ({ world: w, contextAs }) => {
    const context = await contextAs(viewer);
    const before = await snapshot(w);
    await expectLogin(await post(context.request, BANK, bankForm(w.tag)), BANK);
    for (const id of [w.approvals.O1, w.approvals.O2]) {
      const path = `${AREA}/aprovacoes/${id}`;
      await expectLogin(await post(context.request, path, { answer: "approved", note: "Forjado" }), path);
    }
    expect(await snapshot(w)).toBe(before);
    expect(await count("owner_bank_requests", (eb) => eb("pix_key", "=", bankForm(w.tag).pix_key))).toBe(0);
  });
}

for (const viewer of ["O2", "O3"] as const) {
  test(`${viewer} answering O1's approval is refused and changes nothing`, async ({ world: w, contextAs }) => {
    const context = await contextAs(viewer);
    const before = await snapshot(w);
    for (const answer of ["approved", "refused"]) {
      const path = `${AREA}/aprovacoes/${w.approvals.O1}`;
      const res = await post(context.request, path, { answer, note: "Forjado" });
      expect(res.status(), path).toBe(302);
      expect(pathOf(res), path).toBe(AREA);
      // Not theirs: the summary says so, like a question that does not exist.
      const summary = await (await context.request.get(AREA)).text();
      expect(summary).toContain("Aprovação não encontrada.");
    }
    expect(await snapshot(w)).toBe(before);
  });
}

test("O1 asks for a bank change and answers their own approval", async ({ world: w, contextAs }) => {
  const context = await contextAs("O1");
  const o1 = w.owners.O1;
  const sent = await post(context.request, BANK, bankForm(w.tag));
  expect(sent.status()).toBe(302);
  expect(pathOf(sent)).toBe(BANK);
  const rows = await appDb()
    .selectFrom("owner_bank_requests")
    .select(["owner_id", "pix_key", "bank_account", "note", "outcome", "requested_by_id"])
    .where(
      "owner_id",
      "in",
      OWNERS.map((k) => w.owners[k].id),
    )
    .execute();
  expect(rows).toEqual([
    {
      owner_id: o1.id,
      ...bankForm(w.tag),
      outcome: null,
      requested_by_id: o1.user.id,
    },
  ]);
  // Nothing changes before staff confirm it.
  const owner = await appDb().selectFrom("owners").select("pix_key").where("id", "=", o1.id).executeTakeFirstOrThrow();
  expect(owner.pix_key).toBe(`dono-um-${w.tag}@teste.com.br`);

  // The co-owner's question is not O1's to answer.
  const foreign = await post(context.request, `${AREA}/aprovacoes/${w.approvals.O2}`, { answer: "refused" });
  expect(foreign.status()).toBe(302);
  expect(pathOf(foreign)).toBe(AREA);
  expect(await (await context.request.get(AREA)).text()).toContain("Aprovação não encontrada.");

  const path = `${AREA}/aprovacoes/${w.approvals.O1}`;
  const answered = await post(context.request, path, { answer: "approved", note: "Pode fazer." });
  expect(answered.status()).toBe(302);
  expect(pathOf(answered)).toBe(AREA);
  const approvals = await appDb()
    .selectFrom("maintenance_approvals")
    .select(["id", "answer", "answer_note", "answered_by_id"])
    .where("id", "in", [w.approvals.O1, w.approvals.O2])
    .orderBy("id")
    .execute();
  expect(approvals.find((a) => a.id === w.approvals.O1)).toMatchObject({
    answer: "approved",
    answer_note: "Pode fazer.",
    answered_by_id: o1.user.id,
  });
  // The co-owner's own question still waits for the co-owner.
  expect(approvals.find((a) => a.id === w.approvals.O2)).toMatchObject({ answer: null, answered_by_id: null });
  // Once: a second answer is refused.
  const again = await post(context.request, path, { answer: "refused" });
  expect(again.status()).toBe(302);
  expect(await (await context.request.get(AREA)).text()).toContain("Este custo já foi respondido.");
  const after = await appDb()
    .selectFrom("maintenance_approvals")
    .select("answer")
    .where("id", "=", w.approvals.O1)
    .executeTakeFirstOrThrow();
  expect(after.answer).toBe("approved");
});

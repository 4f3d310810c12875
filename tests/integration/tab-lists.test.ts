import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { parseClientsQuery } from "#app/models/clients/clients-query";
import { createClient, listClients, type ClientValues } from "#app/models/clients/clients.server";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { createInspection, listInspections } from "#app/models/inspections/inspections.server";
import { parseInspectionsQuery } from "#app/models/inspections/inspections-query";
import { listMaintenanceRequests, updateMaintenanceRequest } from "#app/models/maintenance/admin.server";
import type { MaintenanceCategory, MaintenancePriority } from "#app/models/maintenance/labels";
import { parseMaintenanceQuery } from "#app/models/maintenance/maintenance-query";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { parseOwnersQuery } from "#app/models/owners/owners-query";
import { createOwner, listOwners } from "#app/models/owners/owners.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { cents } from "#app/models/shared/money";
import { tabListUrl, tabNav } from "#app/routes/admin/clients/clients-tabs";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The list tabs of "Gestão de Clientes" as queries (issue 34): a page of 25
// rows, the page number clamped, bad values from the URL at their defaults,
// filters combined, and the search accent- and case-insensitive, a CPF typed
// with or without its punctuation.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana" };
const TODAY = "2026-11-20";
const q = (text: string) => new URLSearchParams(text);

const client = (over: Partial<ClientValues> & { name: string; username: string }): ClientValues => ({
  email: `${over.username}@teste.com`,
  payment_due_day: 5,
  ...over,
});

async function made(values: ClientValues) {
  const created = await createClient(db, values, actor);
  if (!created.ok) throw new Error(`client not created: ${values.name}`);
  return created.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("tab-lists-it-"));
  actor.id = await createUser(
    db,
    { username: "Ana", email: "ana@agencia.com", name: "Ana", password: "senha1234", role: "admin" },
    null,
  );
  // 30 owners (two pages), one of them with accents and a CPF.
  for (let i = 1; i <= 29; i++)
    await createOwner(db, ownerSchema.parse({ name: `Proprietário ${String(i).padStart(2, "0")}` }), actor);
  ids.jose = await createOwner(
    db,
    ownerSchema.parse({ name: "José Ávila", cpf_cnpj: "153.509.460-56", email: "jose@exemplo.com" }),
    actor,
  );
  ids.joao = await made(
    client({
      name: "João Ângelo",
      username: "joao",
      cpf_cnpj: "529.982.247-25",
      property_address: "Rua São Bento, 12",
      contract_start_date: "2025-01-01",
      contract_end_date: "2027-12-31",
      monthly_rent: cents(150_000),
      owner_id: ids.jose,
    }),
  );
  ids.joana = await made(
    client({
      name: "Joana Prado",
      username: "joana",
      contract_start_date: "2024-01-01",
      contract_end_date: "2025-12-31",
    }),
  );
  ids.jonas = await made(
    client({ name: "Jonas Lima", username: "jonas", contract_end_date: "2027-01-31", property_address: "Av. Brasil" }),
  );
  ids.pedro = await made(client({ name: "Pedro Sem Contrato", username: "pedro" }));
  await disableClientLogin(db, ids.jonas, actor);
});

afterAll(() => cleanup());

describe("pagination", () => {
  it("pages of 25, the last one shorter", async () => {
    const first = await listOwners(db, parseOwnersQuery(q("")));
    expect(first).toMatchObject({ total: 30, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(25);
    const second = await listOwners(db, parseOwnersQuery(q("pagina=2")));
    expect(second.rows).toHaveLength(5);
    // Alphabetical, no row on both pages.
    expect(second.rows.map((o) => o.name)).toContain("Proprietário 29");
    expect(first.rows.some((o) => second.rows.some((s) => s.id === o.id))).toBe(false);
  });

  it("pages a filter that asks for a related row (contratos=com) by result rows, each owner once", async () => {
    // Two contracts each for 27 owners: SQLite's EXISTS-to-JOIN counted an
    // OFFSET in contracts, not owners (exists.server.ts).
    const named = await db
      .selectFrom("owners")
      .select(["id", "name"])
      .where("name", "like", "Proprietário %")
      .orderBy("name")
      .limit(27)
      .execute();
    const [{ id: last }] = await db
      .selectFrom("clients")
      .select((eb) => eb.fn.max("id").as("id"))
      .execute();
    await db
      .insertInto("clients")
      .values(
        named.flatMap((o, i) =>
          [1, 2].map((k) => ({
            name: `Inquilino ${i}-${k}`,
            email: `paginas${i}-${k}@teste.com`,
            payment_due_day: 5,
            owner_id: o.id,
            created_at: "2026-11-01T12:00:00.000Z",
            updated_at: "2026-11-01T12:00:00.000Z",
          })),
        ),
      )
      .execute();
    const first = await listOwners(db, parseOwnersQuery(q("contratos=com")));
    const second = await listOwners(db, parseOwnersQuery(q("contratos=com&pagina=2")));
    // José Ávila's contract and these 27: 28 owners, 25 and 3.
    expect(first).toMatchObject({ total: 28, pages: 2 });
    expect(first.rows).toHaveLength(25);
    expect(second.rows.map((o) => o.name)).toEqual(["Proprietário 25", "Proprietário 26", "Proprietário 27"]);
    await db.deleteFrom("clients").where("id", ">", Number(last)).execute();
  });

  it("page 0, a negative page and words are the first page; a page past the end is the last", async () => {
    for (const text of ["pagina=0", "pagina=-3", "pagina=abc", "pagina=1e9", "pagina=2.5", "pagina="])
      expect((await listOwners(db, parseOwnersQuery(q(text)))).page).toBe(1);
    for (const text of ["pagina=3", "pagina=99999"]) {
      const last = await listOwners(db, parseOwnersQuery(q(text)));
      expect(last).toMatchObject({ page: 2, pages: 2 });
      expect(last.rows).toHaveLength(5);
    }
    // An absurd number is not a page at all: the first one (no OFFSET of billions).
    for (const text of ["pagina=999999", "pagina=99999999999999999999"])
      expect((await listOwners(db, parseOwnersQuery(q(text)))).page).toBe(1);
  });

  it("an empty result is page 1 of 1", async () => {
    expect(await listOwners(db, parseOwnersQuery(q("busca=ninguém assim")))).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pages: 1,
    });
  });

  it("unknown filters and sorts fall back to their defaults", () => {
    expect(parseClientsQuery(q("acesso=talvez&contrato=x&ordem=preco&pagina=-1"), false)).toEqual({
      active: false,
      search: "",
      login: null,
      contract: null,
      sort: "recentes",
      page: 1,
    });
    expect(parseClientsQuery(q("ordem=x"), true).sort).toBe("fim");
    expect(parseMaintenanceQuery(q("situacao=done&prioridade=max&ordem=drop table"))).toMatchObject({
      status: null,
      priority: null,
      sort: "recentes",
    });
    // A search is bounded.
    expect(parseClientsQuery(q(`busca=${"a".repeat(5000)}`), false).search).toHaveLength(100);
  });
});

describe("search", () => {
  const names = async (text: string, active = false) =>
    (await listClients(db, parseClientsQuery(q(text), active), TODAY)).rows.map((c) => c.name);

  it("ignores accents and case, in the name, the email and the address", async () => {
    expect(await names("busca=joao angelo")).toEqual(["João Ângelo"]);
    expect(await names("busca=JOÃO")).toEqual(["João Ângelo"]);
    expect(await names("busca=sao bento")).toEqual(["João Ângelo"]);
    expect(await names("busca=RUA SÃO")).toEqual(["João Ângelo"]);
    expect(await names("busca=jonas@teste")).toEqual(["Jonas Lima"]);
    // % and _ are letters, not wildcards.
    expect(await names("busca=%")).toEqual([]);
    expect(await names("busca=_")).toEqual([]);
  });

  it("finds a CPF typed with or without its dots, whole or in part", async () => {
    for (const typed of ["529.982.247-25", "52998224725", "982.247", "982247"])
      expect(await names(`busca=${encodeURIComponent(typed)}`)).toEqual(["João Ângelo"]);
    const owners = async (typed: string) =>
      (await listOwners(db, parseOwnersQuery(q(`busca=${encodeURIComponent(typed)}`)))).rows.map((o) => o.name);
    expect(await owners("153.509.460-56")).toEqual(["José Ávila"]);
    expect(await owners("15350946056")).toEqual(["José Ávila"]);
    expect(await owners("jose avila")).toEqual(["José Ávila"]);
    expect(await owners("ÁVILA")).toEqual(["José Ávila"]);
  });
});

describe("filters combined", () => {
  const names = async (text: string, active = false) =>
    (await listClients(db, parseClientsQuery(q(text), active), TODAY)).rows.map((c) => c.name);

  it("Clientes: the contract's state, the login and the search together", async () => {
    expect(await names("contrato=ativo")).toEqual(["Jonas Lima", "João Ângelo"]);
    expect(await names("contrato=indeterminado")).toEqual(["Joana Prado"]);
    expect(await names("contrato=sem")).toEqual(["Pedro Sem Contrato"]);
    expect(await names("contrato=ativo&acesso=com")).toEqual(["João Ângelo"]);
    expect(await names("contrato=ativo&acesso=sem")).toEqual(["Jonas Lima"]);
    expect(await names("busca=jo&acesso=com")).toEqual(["Joana Prado", "João Ângelo"]);
    expect(await names("busca=jo&acesso=com&contrato=indeterminado")).toEqual(["Joana Prado"]);
    // By name as people read it: "João" between "Joana" and "Jonas".
    expect(await names("busca=jo&ordem=nome")).toEqual(["Joana Prado", "João Ângelo", "Jonas Lima"]);
    // By the contract's end, the clients without one last.
    expect(await names("ordem=fim")).toEqual(["Joana Prado", "Jonas Lima", "João Ângelo", "Pedro Sem Contrato"]);
  });

  it("Ativos: only contracts ending today or later, next to end first; the filters on top", async () => {
    expect(await names("", true)).toEqual(["Jonas Lima", "João Ângelo"]);
    expect(await names("acesso=sem", true)).toEqual(["Jonas Lima"]);
    // Ativos has no contract filter: ?contrato= is ignored there.
    expect(await names("contrato=indeterminado", true)).toEqual(["Jonas Lima", "João Ângelo"]);
    expect(await names("busca=529.982", true)).toEqual(["João Ângelo"]);
  });

  it("Proprietários: with or without contracts, and the search", async () => {
    const owners = async (text: string) => (await listOwners(db, parseOwnersQuery(q(text)))).rows;
    expect(await owners("contratos=com")).toMatchObject([{ name: "José Ávila", contracts: 1 }]);
    expect((await listOwners(db, parseOwnersQuery(q("contratos=sem")))).total).toBe(29);
    expect(await owners("contratos=sem&busca=avila")).toEqual([]);
  });

  it("Manutenções: status, priority and category together; by priority, urgent first", async () => {
    const request = (title: string, priority: MaintenancePriority, category: MaintenanceCategory = "plumbing") =>
      createMaintenanceRequest(db, ids.joao, { title, description: "…", category, priority }, []);
    const vazamento = await request("Vazamento na pia", "high");
    await request("Lâmpada queimada", "low", "electrical");
    await request("Cano estourado", "urgent");
    await updateMaintenanceRequest(db, vazamento, { status: "in_progress", priority: "high" }, actor);
    const titles = async (text: string) =>
      (await listMaintenanceRequests(db, parseMaintenanceQuery(q(text)))).rows.map((r) => r.title);
    expect(await titles("situacao=in_progress")).toEqual(["Vazamento na pia"]);
    expect(await titles("situacao=pending&prioridade=urgent")).toEqual(["Cano estourado"]);
    expect(await titles("situacao=pending&prioridade=high")).toEqual([]);
    expect(await titles("categoria=plumbing&ordem=prioridade")).toEqual(["Cano estourado", "Vazamento na pia"]);
    expect(await titles("ordem=prioridade")).toEqual(["Cano estourado", "Vazamento na pia", "Lâmpada queimada"]);
    // The client's name and CPF find their requests; the title too, without accents.
    expect(await titles("busca=lampada")).toEqual(["Lâmpada queimada"]);
    expect((await titles("busca=52998224725")).length).toBe(3);
  });

  it("Vistorias: the kind, the state and the search together", async () => {
    await createInspection(db, { client_id: ids.joao, kind: "entrada", date: "2025-01-02" }, actor);
    await createInspection(db, { client_id: ids.jonas, kind: "entrada", date: "2025-02-03" }, actor);
    const clients = async (text: string) =>
      (await listInspections(db, parseInspectionsQuery(q(text)))).rows.map((v) => v.client_name);
    expect(await clients("")).toEqual(["Jonas Lima", "João Ângelo"]);
    expect(await clients("tipo=entrada&situacao=andamento&busca=angelo")).toEqual(["João Ângelo"]);
    expect(await clients("tipo=saida")).toEqual([]);
    expect(await clients("situacao=finalizada")).toEqual([]);
    expect(await clients("busca=ana")).toEqual(["Jonas Lima", "João Ângelo"]); // the inspector
  });
});

describe("the way back after a row's action", () => {
  it("keeps the tab's validated parameters and page, drops the rest", () => {
    expect(tabListUrl("clientes", q("busca=jo&acesso=x&contrato=ativo&pagina=2&evil=1"))).toBe(
      "/admin/clients?busca=jo&contrato=ativo&pagina=2",
    );
    expect(tabListUrl("ativos", q("aba=ativos&ordem=nome&pagina=0"))).toBe("/admin/clients?aba=ativos&ordem=nome");
    expect(tabListUrl("contratos", q("busca=<script>"))).toBe("/admin/clients?aba=contratos&busca=%3Cscript%3E");
    expect(tabListUrl("clientes", q(""))).toBe("/admin/clients");
  });

  it("a row's dialog carries the list's query, the tab only when its path does not say it", () => {
    const ativos = tabNav("ativos", { busca: "jo", acesso: null }, 2);
    expect(ativos.withList("/admin/clients/7/edit")).toBe("/admin/clients/7/edit?aba=ativos&busca=jo&pagina=2");
    const manutencoes = tabNav("manutencoes", { busca: "", situacao: "pending" }, 1);
    expect(manutencoes.withList("/admin/clients/manutencoes/3")).toBe("/admin/clients/manutencoes/3?situacao=pending");
    expect(tabNav("clientes", {}).withList("/admin/clients/7/edit")).toBe("/admin/clients/7/edit");
    // The sort alone is not a filter ("Nenhum cliente cadastrado." stays right).
    expect(tabNav("clientes", { ordem: "nome" }).filtered).toBe(false);
  });
});

import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createClient } from "#app/models/clients/clients.server";
import { createIdealRequest, createOwnerRequest } from "#app/models/leads/leads.server";
import type { OwnerRequestInput } from "#app/models/leads/owner-request.schema";
import { ANONYMIZED } from "#app/models/privacy/anonymized";
import {
  anonymizeExpiredRequests,
  erasePersonalData,
  exportPersonalData,
  previewPersonalData,
  subjectId,
} from "#app/models/privacy/privacy.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// LGPD on a real database: the export holds every row of the address, the
// erasure anonymises requests and deletes what it may (all or nothing, with
// its audit row), and the retention job anonymises old requests only.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const master = { id: 0, name: "Mestre" };

const owner = (email: string): OwnerRequestInput => ({
  area: undefined,
  quartos: undefined,
  suites: undefined,
  banheiros: undefined,
  vagas: undefined,
  nome: "Paulo Dono",
  email,
  telefone: "(67) 99999-2222",
  tipoImovel: "casa",
  preco: cents(350_000_00),
  endereco: "Rua das Flores, 10 - Centro",
  descricao: "Casa com quintal",
});

async function insertContract(clientId: number) {
  await db
    .insertInto("contracts")
    .values({
      client_id: clientId,
      file_name: "contrato.pdf",
      file_key: `k${clientId}${Date.now()}abcdefghijklmnop.pdf`,
      mime_type: "application/pdf",
      size: 10,
      uploaded_by_id: null,
      uploaded_by_name: "Sistema",
      uploaded_at: new Date().toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("privacy-it-"));
  master.id = await createUser(
    db,
    { username: "mestre", email: "mestre@agencia.com", name: "Mestre", password: "senha1234", role: "master" },
    null,
  );
});
afterAll(() => cleanup());

describe("privacy notice", () => {
  it("stores when the form with the notice was sent, and nothing for a post without it", async () => {
    const withNotice = await createIdealRequest(db, {
      name: "Ana",
      email: "ana@x.com",
      idealProperty: "Casa",
      privacyNotice: true,
    });
    const without = await createIdealRequest(db, { name: "Ana", email: "ana@x.com", idealProperty: "Casa" });
    const rows = await db
      .selectFrom("ideal_property_requests")
      .select(["id", "privacy_notice_at", "created_at"])
      .where("id", "in", [withNotice, without])
      .execute();
    expect(rows.find((r) => r.id === withNotice)?.privacy_notice_at).toBe(
      rows.find((r) => r.id === withNotice)?.created_at,
    );
    expect(rows.find((r) => r.id === without)?.privacy_notice_at).toBeNull();
  });
});

describe("export and erasure by email", () => {
  it("exports every row of the address, whatever its case, without secrets, and audits it by a hash", async () => {
    await createIdealRequest(db, {
      name: "Bia Souza",
      email: "Bia@Teste.com",
      phone: "(67) 98888-0000",
      idealProperty: "Apartamento no Centro",
      privacyNotice: true,
    });
    await createOwnerRequest(db, { ...owner("bia@teste.com"), privacyNotice: true });
    const client = await createClient(
      db,
      { name: "Bia Souza", email: "bia@teste.com", username: "bia", payment_due_day: 5 },
      master,
    );
    expect(client.ok).toBe(true);
    const body = await exportPersonalData(db, "BIA@teste.com ", master);
    expect(body.email).toBe("bia@teste.com");
    expect(body.visitor_requests.ideal_property).toHaveLength(1);
    expect(body.visitor_requests.ideal_property[0]).toMatchObject({
      name: "Bia Souza",
      phone: "(67) 98888-0000",
      ideal_property: "Apartamento no Centro",
    });
    expect(body.visitor_requests.property_listing).toHaveLength(1);
    expect(body.clients).toHaveLength(1);
    expect(body.accounts).toHaveLength(1);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "export").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      entity: "personal_data",
      entity_id: subjectId("bia@teste.com"),
      actor_id: master.id,
    });
    expect(audit.changes).not.toContain("bia@");
  });

  it("erases: requests anonymised, the client without contracts and its login deleted, one audit row", async () => {
    const result = await erasePersonalData(db, "bia@teste.com", master);
    expect(result.ok).toBe(true);
    const ideal = await db
      .selectFrom("ideal_property_requests")
      .selectAll()
      .where("ideal_property", "=", ANONYMIZED.text)
      .execute();
    expect(ideal).toHaveLength(1);
    expect(ideal[0]).toMatchObject({ name: ANONYMIZED.name, email: ANONYMIZED.email, phone: null });
    expect(ideal[0].anonymized_at).not.toBeNull();
    const listing = await db
      .selectFrom("property_listing_requests")
      .selectAll()
      .where("email", "=", ANONYMIZED.email)
      .executeTakeFirstOrThrow();
    expect(listing).toMatchObject({
      name: ANONYMIZED.name,
      phone: "",
      address: ANONYMIZED.text,
      description: null,
      price_cents: 350_000_00,
    });
    expect(await db.selectFrom("clients").select("id").where("email", "=", "bia@teste.com").execute()).toEqual([]);
    expect(await db.selectFrom("users").select("id").where("username", "=", "bia").execute()).toEqual([]);
    expect(
      await db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "erase")
        .where("entity_id", "=", subjectId("bia@teste.com"))
        .execute(),
    ).toHaveLength(1);
    expect((await previewPersonalData(db, "bia@teste.com")).counts).toMatchObject({
      idealRequests: 0,
      listingRequests: 0,
      clients: 0,
      accounts: 0,
    });
    // The trail keeps who did what and when (the client's creation, its deletion), not the erased values.
    const trail = await db
      .selectFrom("audit_log")
      .select(["entity", "action", "changes"])
      .where("entity", "in", ["client", "client_account"])
      .execute();
    expect(trail.map((r) => `${r.entity} ${r.action}`)).toEqual(
      expect.arrayContaining(["client create", "client delete", "client_account delete"]),
    );
    for (const r of trail) expect(r.changes).not.toMatch(/bia|Souza/i);
    expect(trail.find((r) => r.entity === "client" && r.action === "delete")?.changes).toContain("[removido]");
  });

  it("refuses the whole erasure (nothing changed) when a client of the address has payments and a running contract, or it is a staff account", async () => {
    await createIdealRequest(db, { name: "Caio", email: "caio@teste.com", idealProperty: "Sala comercial" });
    const client = await createClient(
      db,
      { name: "Caio Lima", email: "caio@teste.com", username: "caio", payment_due_day: 5 },
      master,
    );
    if (!client.ok) throw new Error("client not created");
    await insertContract(client.id);
    // A rent paid: money history (docs/decisions/0062-nothing-fiscal-deleted.md).
    const now = new Date().toISOString();
    await db
      .insertInto("billing")
      .values({
        client_id: client.id,
        month_year: "2026-09",
        amount_cents: cents(150000),
        due_date: "2026-09-05",
        grace_until: "2026-09-05",
        status: "paid",
        payment_date: "2026-09-05",
        amount_paid_cents: cents(150000),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const audits = (await db.selectFrom("audit_log").select("id").execute()).length;
    const result = await erasePersonalData(db, "caio@teste.com", master);
    expect(result).toEqual({
      ok: false,
      blockers: [expect.stringContaining(`O contrato do cliente Caio Lima (nº ${client.id}) está em vigor`)],
    });
    expect(
      await db
        .selectFrom("ideal_property_requests")
        .select("name")
        .where("email", "=", "caio@teste.com")
        .executeTakeFirst(),
    ).toEqual({ name: "Caio" });
    expect(await db.selectFrom("clients").select("id").where("id", "=", client.id).executeTakeFirst()).toBeTruthy();
    expect((await db.selectFrom("audit_log").select("id").execute()).length).toBe(audits);

    // A billing never paid is no money history: the record goes whole, as a client without billings does.
    const payer = await createClient(
      db,
      { name: "Duda Deve", email: "duda@teste.com", username: "duda", payment_due_day: 5 },
      master,
    );
    if (!payer.ok) throw new Error("client not created");
    await db
      .insertInto("billing")
      .values({
        client_id: payer.id,
        month_year: "2026-10",
        amount_cents: cents(150000),
        due_date: "2026-10-05",
        grace_until: "2026-10-05",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const exported = await exportPersonalData(db, "duda@teste.com", master);
    expect(exported.clients[0].billings).toMatchObject([{ month_year: "2026-10", amount_cents: 150000, boletos: [] }]);
    expect(await erasePersonalData(db, "duda@teste.com", master)).toMatchObject({
      ok: true,
      counts: { clients: 1, billings: 1, fiscalClients: 0 },
    });
    expect(await db.selectFrom("clients").select("id").where("id", "=", payer.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("billing").select("id").where("client_id", "=", payer.id).execute()).toEqual([]);

    const staff = await erasePersonalData(db, "mestre@agencia.com", master);
    expect(staff).toEqual({ ok: false, blockers: [expect.stringContaining("conta da equipe (mestre)")] });
  });

  it("refuses to erase a tenant whose login also opens an owner's area (decision 0077)", async () => {
    const tenant = await createClient(
      db,
      { name: "Eva Dupla", email: "eva@teste.com", username: "eva", payment_due_day: 5 },
      master,
    );
    if (!tenant.ok) throw new Error("client not created");
    const login = await db
      .selectFrom("clients")
      .select("user_id")
      .where("id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // The owner record has another email: only the shared login ties them.
    await db
      .insertInto("owners")
      .values({
        name: "Eva Dupla",
        email: "eva.dona@teste.com",
        user_id: login.user_id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await erasePersonalData(db, "eva@teste.com", master)).toEqual({
      ok: false,
      blockers: [expect.stringContaining("O login eva também abre a Área do Proprietário de Eva Dupla")],
    });
    expect(await db.selectFrom("users").select("id").where("id", "=", login.user_id).executeTakeFirst()).toBeTruthy();
    expect(await db.selectFrom("clients").select("id").where("id", "=", tenant.id).executeTakeFirst()).toBeTruthy();
  });
});

describe("retention", () => {
  it("anonymises the requests older than the period, once, and leaves the newer ones", async () => {
    const old = await createIdealRequest(db, { name: "Antigo", email: "antigo@teste.com", idealProperty: "Casa" });
    const recent = await createOwnerRequest(db, owner("recente@teste.com"));
    const oldOwner = await createOwnerRequest(db, owner("antigo@teste.com"));
    await db
      .updateTable("ideal_property_requests")
      .set({ created_at: "2024-01-10T12:00:00.000Z" })
      .where("id", "=", old)
      .execute();
    await db
      .updateTable("property_listing_requests")
      .set({ created_at: "2024-01-10T12:00:00.000Z" })
      .where("id", "=", oldOwner)
      .execute();
    const now = new Date("2026-02-01T00:00:00Z");
    expect(await anonymizeExpiredRequests(db, 24, now)).toBe(2);
    expect(
      await db
        .selectFrom("ideal_property_requests")
        .select(["name", "anonymized_at"])
        .where("id", "=", old)
        .executeTakeFirst(),
    ).toEqual({
      name: ANONYMIZED.name,
      anonymized_at: now.toISOString(),
    });
    expect(
      await db.selectFrom("property_listing_requests").select("name").where("id", "=", recent).executeTakeFirst(),
    ).toEqual({ name: "Paulo Dono" });
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "anonymize")
      .where("entity_id", "=", String(old))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_name: "Sistema", entity: "ideal_request" });
    expect(audit.changes).not.toContain("Antigo");
    // A second run finds nothing new; a longer period spares them all.
    expect(await anonymizeExpiredRequests(db, 24, now)).toBe(0);
    expect(await anonymizeExpiredRequests(db, 600, now)).toBe(0);
  });
});

import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { getRequest, listRequests, setRequestResponsible, setRequestStatus, type RequestKind } from "./requests.server";

// The inbox queries of both tables against a freshly migrated SQLite file.
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const OLD = "2026-01-01T12:00:00.000Z";

async function addUser(name: string, role: "master" | "admin" | "client", active = 1) {
  const n = Math.random().toString(36).slice(2);
  await db
    .insertInto("users")
    .values({
      username: `u-${n}`,
      email: `${n}@example.com`,
      name,
      password_hash: "x",
      role,
      active,
      created_at: OLD,
      updated_at: OLD,
    } as never)
    .execute();
}

async function addRequest(kind: RequestKind, name: string, created: string, extra: Record<string, unknown> = {}) {
  const common = {
    name,
    email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`,
    status: "pending",
    resolved_by: null,
    created_at: created,
    updated_at: created,
  };
  const values =
    kind === "ideal"
      ? { ...common, phone: null, ideal_property: "Casa com quintal", ...extra }
      : {
          ...common,
          phone: "(67) 99999-0000",
          property_type: "casa",
          address: "Rua A, 1",
          price_cents: 350_000_00,
          ...extra,
        };
  const table = kind === "ideal" ? "ideal_property_requests" : "property_listing_requests";
  const { id } = await db
    .insertInto(table)
    .values(values as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("requests-it-"));
  await addUser("Ana Atendente", "admin");
  await addUser("Bruno Master", "master");
  await addUser("Carla Inativa", "admin", 0);
  await addUser("Cliente Qualquer", "client");
});

afterAll(() => cleanup());

for (const kind of ["ideal", "owner"] as const) {
  describe(`${kind} requests`, () => {
    it("lists newest first, filters by status and searches name, email and phone", async () => {
      const a = await addRequest(kind, `Primeira ${kind}`, "2026-02-01T10:00:00.000Z");
      const b = await addRequest(kind, `Segunda ${kind}`, "2026-02-02T10:00:00.000Z", { status: "contacted" });
      const ids = (await listRequests(db, kind)).rows.map((r) => r.id);
      expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
      expect((await listRequests(db, kind, { status: "contacted" })).rows.map((r) => r.id)).toContain(b);
      expect((await listRequests(db, kind, { status: "contacted" })).rows.map((r) => r.id)).not.toContain(a);
      expect((await listRequests(db, kind, { q: "PRIMEIRA" })).rows.map((r) => r.id)).toEqual([a]);
      expect((await listRequests(db, kind, { q: `segunda${kind}@` })).rows.map((r) => r.id)).toEqual([b]);
      expect((await listRequests(db, kind, { q: "%" })).rows).toEqual([]);
      expect((await listRequests(db, kind, { q: "Primeira", status: "resolved" })).rows).toEqual([]);
    });

    it("sets any status, clearing resolved_by unless resolved, and stamps updated_at", async () => {
      const id = await addRequest(kind, `Status ${kind}`, OLD);
      expect(await setRequestResponsible(db, kind, id, "Ana Atendente", null)).toBe("ok");
      let row = await getRequest(db, kind, id);
      expect(row).toMatchObject({ status: "resolved", resolved_by: "Ana Atendente" });
      expect(row!.updated_at > OLD).toBe(true);

      expect(await setRequestStatus(db, kind, id, "resolved", null)).toBe(true);
      expect(await getRequest(db, kind, id)).toMatchObject({ status: "resolved", resolved_by: "Ana Atendente" });

      expect(await setRequestStatus(db, kind, id, "contacted", null)).toBe(true);
      expect(await getRequest(db, kind, id)).toMatchObject({ status: "contacted", resolved_by: null });

      expect(await setRequestResponsible(db, kind, id, "Bruno Master", null)).toBe("ok");
      expect(await setRequestStatus(db, kind, id, "pending", null)).toBe(true);
      row = await getRequest(db, kind, id);
      expect(row).toMatchObject({ status: "pending", resolved_by: null, created_at: OLD });
    });

    it("refuses names that are not active staff, and unknown ids", async () => {
      const id = await addRequest(kind, `Recusa ${kind}`, OLD);
      for (const name of ["Carla Inativa", "Cliente Qualquer", "Ninguém", "ana atendente"]) {
        expect(await setRequestResponsible(db, kind, id, name, null)).toBe("invalid-responsible");
      }
      expect(await getRequest(db, kind, id)).toMatchObject({ status: "pending", resolved_by: null, updated_at: OLD });
      expect(await setRequestResponsible(db, kind, 999_999, "Ana Atendente", null)).toBe("not-found");
      expect(await setRequestStatus(db, kind, 999_999, "contacted", null)).toBe(false);
      expect(await getRequest(db, kind, 999_999)).toBeNull();
    });
  });
}

it("the two tables stay apart", async () => {
  const id = await addRequest("ideal", "Só Ideal", OLD);
  const other = await getRequest(db, "owner", id);
  expect(other?.name).not.toBe("Só Ideal");
});

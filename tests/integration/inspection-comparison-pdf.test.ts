import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database, ItemCondition } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { createClient } from "#app/models/clients/clients.server";
import { endContract } from "#app/models/clients/contract-end.server";
import { setRepairCost } from "#app/models/inspections/comparison.server";
import { loadComparisonPdf, renderComparisonPdf } from "#app/models/inspections/comparison-pdf.server";
import { createCorrection } from "#app/models/inspections/corrections.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { addItemPhotos } from "#app/models/inspections/photos.server";
import { localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { loader as settlementLoader } from "#app/routes/admin/clients/settlement";
import { loader as comparisonPdfLoader } from "#app/routes/admin/inspections/comparison-pdf";
import { staffContext } from "#app/utils/staff-context";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The "Comparativo de Vistorias" (issue 38): the exit compared with the
// entry as a PDF (each worsened item, both states and notes, its repair cost,
// the total), served to staff, and the "Acerto de saída" whose repair rows
// start from it: the lease's latest finalized exit inspection, never one a
// finalized correction replaced.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-comparison-pdf-"));
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "it-comparison-pdf-outbox-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", outbox);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Vera Vistoriadora" };
const agency = { ...defaultAgency, cnpj: null };
const issuer = { agency, today: "2026-11-24" };
const today = localToday();
let lease: number;
let entryId: number;
let exitId: number;

const staff = () => {
  const context = new RouterContextProvider();
  context.set(staffContext, {
    id: actor.id,
    username: "vera",
    email: "vera@agencia.com",
    name: actor.name,
    role: "admin",
    active: true,
    sessionId: "s",
  });
  return context;
};

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#8a6" } })
    .jpeg()
    .toBuffer();

async function newLease(name: string, cpf: string) {
  const created = await createClient(
    db,
    {
      name,
      email: `${name.split(" ")[0].toLowerCase()}@teste.com`,
      username: name.split(" ")[0].toLowerCase(),
      password: "senha1234",
      cpf_cnpj: cpf,
      property_address: "Rua das Flores, 12, Três Lagoas/MS",
      contract_start_date: "2025-01-01",
      contract_end_date: "2030-12-31",
      monthly_rent: cents(150_000),
      payment_due_day: 5,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

// Rates every item of an inspection (`states` by item name, else "bom") and finalizes it.
async function rateAndFinalize(id: number, states: Record<string, [ItemCondition, string?]> = {}) {
  const detail = await getInspection(db, id);
  for (const item of detail!.rooms.flatMap((r) => r.items)) {
    const [condition, note] = states[item.name] ?? ["bom"];
    await updateItem(db, item.id, { name: item.name, condition, note }, actor);
  }
  expect(await finalizeInspection(db, id, actor, issuer)).toBe("ok");
}

const itemOf = async (id: number, name: string) =>
  (await getInspection(db, id))!.rooms.flatMap((r) => r.items).find((i) => i.name === name)!.id;

async function pdfText(bytes: Uint8Array) {
  const doc = await openPdf(bytes);
  let text = "";
  for (let p = 1; p <= doc.numPages; p++) text += (await pageText(doc, p)) + "\n";
  await doc.destroy();
  return text.replace(/\s+/g, " ");
}

const settlementDefaults = async (clientId: number) => {
  const url = new URL(`http://localhost/admin/clients/${clientId}/acerto`);
  return settlementLoader({
    request: new Request(url),
    url,
    params: { id: String(clientId) },
    context: staff(),
  } as unknown as Parameters<typeof settlementLoader>[0]);
};

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-comparison-pdf-db-"));
  // The routes use the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  actor.id = await createUser(
    db,
    { username: "vera", email: "vera@agencia.com", name: actor.name, password: "senha1234", role: "admin" },
    null,
  );
  lease = await newLease("Téo Saída", "11144477735");

  entryId = (await createInspection(db, { client_id: lease, kind: "entrada", date: "2025-01-02" }, actor))!;
  await addRoom(db, entryId, "Sala", actor);
  await addItemPhotos(db, await itemOf(entryId, "Paredes"), [await photo()], actor);
  await rateAndFinalize(entryId, { Paredes: ["bom", "Pintura nova, sem marcas."] });

  // The exit starts from the entry's rooms; three items got worse.
  exitId = (await createInspection(db, { client_id: lease, kind: "saida", date: "2026-11-20" }, actor))!;
  await addItemPhotos(db, await itemOf(exitId, "Paredes"), [await photo(), await photo()], actor);
  await rateAndFinalize(exitId, {
    Paredes: ["danificado", "Furos de prateleira e manchas."],
    Piso: ["ruim", "Riscos fundos perto da porta."],
    Teto: ["regular"],
  });
  // The costs are set after the exit is finalized (they are the settlement's).
  expect(await setRepairCost(db, exitId, await itemOf(exitId, "Paredes"), cents(35_000), actor)).toBe(true);
  expect(await setRepairCost(db, exitId, await itemOf(exitId, "Piso"), cents(12_050), actor)).toBe(true);
  expect(
    await endContract(db, lease, { ended_on: today, ended_reason: "Mudou de cidade" }, actor, today),
  ).toMatchObject({ ok: true });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe("the Comparativo de Vistorias PDF", () => {
  it("lists each worsened item with both states, both notes and its cost, and the total", async () => {
    const data = await loadComparisonPdf(db, exitId);
    expect(data!.photoKeys.size).toBe(3);
    const text = await pdfText(await renderComparisonPdf(data!, agency, "2026-11-25"));
    expect(text).toContain(`Comparativo de Vistorias nº ${exitId}`);
    expect(text).toContain("TOTAL DOS REPAROS");
    expect(text).toContain("Locatário: Téo Saída (CPF 111.444.777-35)");
    expect(text).toContain("Imóvel: Rua das Flores, 12, Três Lagoas/MS");
    expect(text).toContain(`Vistoria de entrada: nº ${entryId}, de 02/01/2025`);
    expect(text).toContain(`Vistoria de saída: nº ${exitId}, de 20/11/2026`);
    // Each item: its cost, entry and exit states, both notes.
    expect(text).toMatch(/Paredes Reparo: R\$ 350,00 ENTRADA SAÍDA Bom Danificado/);
    expect(text).toContain("Pintura nova, sem marcas.");
    expect(text).toContain("Furos de prateleira e manchas.");
    expect(text).toMatch(/Piso Reparo: R\$ 120,50 ENTRADA SAÍDA Bom Ruim/);
    expect(text).toContain("Riscos fundos perto da porta.");
    expect(text).toMatch(/Teto Reparo: sem custo ENTRADA SAÍDA Bom Regular/);
    // An item as it was at the entry is not a difference.
    expect(text).not.toContain("Portas");
    // The summary and its total (also in the title's box).
    expect(text).toMatch(/Sala — Paredes Bom Danificado R\$ 350,00/);
    expect(text).toMatch(/Sala — Piso Bom Ruim R\$ 120,50/);
    expect(text).toMatch(/Sala — Teto Bom Regular sem custo/);
    expect(text).toMatch(/Total dos reparos R\$ 470,50/);
    expect(text.match(/R\$ 470,50/g)).toHaveLength(2);
  });

  it("marks a photo whose file is gone instead of failing", async () => {
    const data = await loadComparisonPdf(db, exitId);
    const [first] = data!.photoKeys.keys();
    const text = await pdfText(
      await renderComparisonPdf(
        { ...data!, photoKeys: new Map([...data!.photoKeys, [first, "nao-existe.webp"]]) },
        agency,
        "2026-11-25",
      ),
    );
    expect(text.match(/Foto indisponível/g)).toHaveLength(1);
  });

  it("is served to staff as a PDF; anything but an exit inspection is a 404", async () => {
    const get = (id: number) =>
      comparisonPdfLoader({
        request: new Request(`http://localhost/admin/vistorias/${id}/comparacao.pdf`),
        params: { id: String(id) },
        context: staff(),
      } as unknown as Parameters<typeof comparisonPdfLoader>[0]);
    const res = await get(exitId);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Content-Disposition")).toContain("attachment");
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain("R$ 470,50");
    for (const id of [entryId, 999_999]) {
      const thrown = await get(id).then(
        () => null,
        (e: unknown) => e,
      );
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
    }
  });
});

describe("the Acerto de saída", () => {
  it("starts its repair rows from the exit's costs, and previews them", async () => {
    const d = await settlementDefaults(lease);
    expect(d.defaults).toMatchObject({
      repair_1: "Sala — Paredes",
      repair_amount_1: "350,00",
      repair_receiver_1: "owner",
      repair_2: "Sala — Piso",
      repair_amount_2: "120,50",
      repair_receiver_2: "owner",
    });
    // Teto has no cost: no row.
    expect(d.defaults).not.toHaveProperty("repair_3");
    expect(d.fromExit).toEqual({ id: exitId, totalCents: 47_050 });
    expect(d.preview!.lines).toEqual(
      expect.arrayContaining([
        { label: "Reparo: Sala — Paredes", cents: 35_000 },
        { label: "Reparo: Sala — Piso", cents: 12_050 },
      ]),
    );
  });

  it("uses a correction of the exit once it is finalized, never the inspection it replaces", async () => {
    const made = await createCorrection(db, exitId, actor);
    if (made.outcome !== "ok") throw new Error("correction");
    const correction = made.id;
    // The copy keeps the costs; in it the floor was as at the entry after all.
    await updateItem(db, await itemOf(correction, "Piso"), { name: "Piso", condition: "bom" }, actor);
    // A draft correction replaces nothing yet.
    expect((await settlementDefaults(lease)).fromExit).toEqual({ id: exitId, totalCents: 47_050 });

    expect(await finalizeInspection(db, correction, actor, issuer)).toBe("ok");
    expect(await setRepairCost(db, correction, await itemOf(correction, "Paredes"), cents(40_000), actor)).toBe(true);
    // Even when the original would come first (a later day), it is replaced.
    await db.updateTable("inspections").set({ date: "2026-11-21" }).where("id", "=", exitId).execute();
    const d = await settlementDefaults(lease);
    expect(d.fromExit).toEqual({ id: correction, totalCents: 40_000 });
    expect(d.defaults).toMatchObject({ repair_1: "Sala — Paredes", repair_amount_1: "400,00" });
    expect(d.defaults).not.toHaveProperty("repair_2");
  });

  it("has no rows from another lease's inspections", async () => {
    const other = await newLease("Bia Outra", "52998224725");
    const d = await settlementDefaults(other);
    expect(d.fromExit).toBeNull();
    expect(d.defaults).not.toHaveProperty("repair_1");
  });

  it("sums the items past its rows on the last one, so the repairs still add up to the total", async () => {
    const many = await newLease("Caio Muitos", "39053344705");
    const entry = (await createInspection(db, { client_id: many, kind: "entrada", date: "2025-01-02" }, actor))!;
    await addRoom(db, entry, "Quarto", actor);
    await rateAndFinalize(entry);
    const exit = (await createInspection(db, { client_id: many, kind: "saida", date: "2026-11-20" }, actor))!;
    const worse: Record<string, [ItemCondition]> = Object.fromEntries(
      ["Paredes", "Piso", "Teto", "Portas", "Janelas"].map((n) => [n, ["ruim"]]),
    );
    await rateAndFinalize(exit, worse);
    for (const [i, name] of Object.keys(worse).entries())
      await setRepairCost(db, exit, await itemOf(exit, name), cents((i + 1) * 10_000), actor);
    const d = await settlementDefaults(many);
    expect(d.fromExit).toEqual({ id: exit, totalCents: 150_000 });
    expect(d.defaults).toMatchObject({
      repair_1: "Quarto — Paredes",
      repair_amount_1: "100,00",
      repair_2: "Quarto — Piso",
      repair_amount_2: "200,00",
      repair_3: `Demais 3 itens do comparativo da vistoria nº ${exit}`,
      repair_amount_3: "1.200,00",
      repair_receiver_3: "owner",
    });
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { addBillingDocument } from "#app/models/billing/documents.server";
import { createBoletoDraft } from "#app/models/boletos/queue.server";
import { createClient } from "#app/models/clients/clients.server";
import { createContract } from "#app/models/contracts/contracts.server";
import {
  findBillingDocumentFile,
  findContractFile,
  findMaintenanceDocumentFile,
  findMaintenanceImageFile,
  findQueuedBoletoFile,
  type FileViewer,
  type PrivateFile,
} from "#app/models/files/access.server";
import { addMaintenanceDocument } from "#app/models/maintenance/admin.server";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Who may read a private file (docs/decisions/0024-private-files.md), at the finders the file
// routes call: the owning client and staff find the file, another client finds
// nothing (the route answers 404), and a boleto still in the boleto flow is
// staff's only. Ids are offset on purpose (clients 4 and 5, every other row
// 1), so a finder comparing the wrong columns finds nothing for the owner.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-file-access-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

let owner: number;
let other: number;
const ids = { contract: 0, image: 0, document: 0, boleto: 0, queued: 0 };

async function newClient(n: number) {
  const created = await createClient(
    db,
    {
      name: `Cliente ${n}`,
      email: `c${n}@teste.com`,
      username: `cliente${n}`,
      password: "senha1234",
      payment_due_day: 5,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-file-access-"));
  for (const n of [1, 2, 3]) await newClient(n);
  owner = await newClient(4);
  other = await newClient(5);

  const contract = await createContract(db, { clientId: owner, fileName: "Contrato Maria.pdf", bytes: PDF }, null);
  if (!contract.ok) throw new Error("contract");
  ids.contract = contract.id;

  const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#c85028" } })
    .jpeg()
    .toBuffer();
  const request = await createMaintenanceRequest(
    db,
    owner,
    { title: "Torneira", description: "Pinga.", category: "plumbing", priority: "medium" },
    [jpeg],
  );
  ids.image = (
    await db.selectFrom("maintenance_images").select("id").where("request_id", "=", request).executeTakeFirstOrThrow()
  ).id;
  const document = await addMaintenanceDocument(db, { requestId: request, fileName: "laudo.pdf", bytes: PDF }, null);
  if (!document.ok) throw new Error("document");
  ids.document = document.id;

  const billing = await createBilling(
    db,
    { client_id: owner, month_year: "2026-10", amount_cents: cents(100), due_date: "2026-10-05" },
    null,
  );
  if (!billing.ok) throw new Error("billing");
  const boleto = await addBillingDocument(
    db,
    { billingId: billing.id, fileName: "boleto outubro.pdf", bytes: PDF },
    null,
  );
  if (!boleto.ok) throw new Error("boleto");
  ids.boleto = boleto.id;

  const reading = {
    due_date: "2026-11-05",
    amount_cents: cents(100),
    month_year: "2026-11",
    digitable_line: null,
    source: "text",
  };
  const queued = await createBoletoDraft(
    db,
    { clientId: owner, fileName: "boleto novembro.pdf", bytes: PDF, reading },
    null,
  );
  if (!queued.ok) throw new Error("queued boleto");
  ids.queued = queued.id;
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const staff: FileViewer = { kind: "staff" };
const client = (clientId: number): FileViewer => ({ kind: "client", clientId });
const keyOf = async (
  table: "contracts" | "maintenance_images" | "maintenance_documents" | "billing_documents" | "boleto_queue",
  id: number,
) => (await db.selectFrom(table).select("file_key").where("id", "=", id).executeTakeFirstOrThrow()).file_key;

type Finder = (db: Kysely<Database>, id: number, viewer: FileViewer) => Promise<PrivateFile | null>;

describe.each([
  {
    name: "a contract",
    find: findContractFile as Finder,
    table: "contracts" as const,
    id: () => ids.contract,
    file: "Contrato Maria.pdf",
    mime: "application/pdf",
  },
  {
    name: "a maintenance image",
    find: findMaintenanceImageFile as Finder,
    table: "maintenance_images" as const,
    id: () => ids.image,
    file: "manutencao-1-1.webp",
    mime: "image/webp",
  },
  {
    name: "a maintenance document",
    find: findMaintenanceDocumentFile as Finder,
    table: "maintenance_documents" as const,
    id: () => ids.document,
    file: "laudo.pdf",
    mime: "application/pdf",
  },
  {
    name: "a billing's boleto",
    find: findBillingDocumentFile as Finder,
    table: "billing_documents" as const,
    id: () => ids.boleto,
    file: "boleto outubro.pdf",
    mime: "application/pdf",
  },
])("$name", ({ find, table, id, file, mime }) => {
  it("is found for the client who owns it, with its name and type", async () => {
    expect(await find(db, id(), client(owner))).toEqual({
      file_key: await keyOf(table, id()),
      file_name: file,
      mime_type: mime,
    });
  });

  it("is found for staff", async () => {
    expect(await find(db, id(), staff)).toEqual({
      file_key: await keyOf(table, id()),
      file_name: file,
      mime_type: mime,
    });
  });

  it("is not found for another client", async () => {
    expect(await find(db, id(), client(other))).toBeNull();
  });

  it("an id that is no row is found by nobody", async () => {
    expect(await find(db, 999_999, staff)).toBeNull();
    expect(await find(db, 999_999, client(owner))).toBeNull();
  });
});

describe("a boleto awaiting processing", () => {
  it("is found for staff only: not even its client sees it before it is a billing's", async () => {
    expect(await findQueuedBoletoFile(db, ids.queued, staff)).toEqual({
      file_key: await keyOf("boleto_queue", ids.queued),
      file_name: "boleto novembro.pdf",
      mime_type: "application/pdf",
    });
    expect(await findQueuedBoletoFile(db, ids.queued, client(owner))).toBeNull();
    expect(await findQueuedBoletoFile(db, ids.queued, client(other))).toBeNull();
    expect(await findQueuedBoletoFile(db, 999_999, staff)).toBeNull();
  });
});

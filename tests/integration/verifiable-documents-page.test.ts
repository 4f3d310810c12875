import fs from "node:fs";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment, reverseBillingPayments } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { documentOf, formatDocumentCode, newDocumentCode } from "#app/models/documents/registry.server";
import type { LookedUpDocument } from "#app/models/documents/verification.server";
import { VERIFY_LIMIT } from "#app/models/documents/verify-request.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { cents } from "#app/models/shared/money";
import { action, loader } from "#app/routes/site/verify";
import { CLIENT_IP_HEADER } from "#app/utils/request-headers";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The public page /verificar (issue 38, docs/decisions/0079-verifiable-documents.md)
// through the route's own loader and action, on a real receipt: the code
// shows what the document is (also once cancelled), a code typed loosely is
// sent to its canonical address, a malformed one is a 400 and an unknown one
// a 404; the PDF posted is confirmed byte for byte; an address asking more
// than VERIFY_LIMIT times in the window is refused (429). Each test asks from
// an address of its own.

const folders = privateFolders("it-verify-page");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let seq = 0;
async function paidReceipt() {
  seq += 1;
  const owner = await createOwner(db, ownerSchema.parse({ name: "Olga Proprietária", email: `o${seq}@ex.com` }), null);
  const created = await createClient(
    db,
    {
      name: "Tiago Inquilino",
      email: `t${seq}@teste.com`,
      username: `vp${seq}`,
      password: "senha1234",
      payment_due_day: 10,
      owner_id: owner,
    },
    actor,
  );
  if (!created.ok) throw new Error("client");
  const b = await createBilling(
    db,
    { client_id: created.id, month_year: "2026-10", amount_cents: cents(980_00), due_date: "2026-10-10" },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  const agency = { ...defaultAgency, cnpj: null };
  const paid = await registerPayment(db, b.id, { payment_date: "2026-10-09", amount_paid: cents(980_00) }, actor, {
    agency,
    today: "2026-10-09",
  });
  if (!paid.ok || !paid.receiptNumber) throw new Error("payment");
  const receipt = await db
    .selectFrom("billing_receipts")
    .select(["id", "file_key"])
    .where("id", "=", paid.receiptNumber)
    .executeTakeFirstOrThrow();
  const code = (await documentOf(db, "receipt", receipt.id))!.code;
  const bytes = new Uint8Array(fs.readFileSync(privateFilePath(receipt.file_key)!));
  return { billingId: b.id, number: receipt.id, code, bytes };
}

type Shown = { typed: string; error: string | null; doc: LookedUpDocument | null };
type Answer = { status: number; location?: string | null; body?: Shown };

// The loader as React Router calls it for `target`, from address `ip`: the
// status it answers, the body, or where it redirects.
async function ask(target: string, ip: string): Promise<Answer> {
  const url = new URL(target, "http://localhost");
  const code = url.pathname.match(/^\/verificar\/([^/]+)$/)?.[1];
  const request = new Request(url, { headers: { [CLIENT_IP_HEADER]: ip } });
  const params = code ? { code: decodeURIComponent(code) } : {};
  try {
    const out = await loader({ request, url, params, context: {} } as unknown as Parameters<typeof loader>[0]);
    if ("init" in out && "data" in out) return { status: out.init?.status ?? 200, body: out.data as Shown };
    return { status: 200, body: out };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

// The page's form posting `file` as `arquivo` to /verificar/{code}.
function check(code: string, ip: string, file?: Uint8Array) {
  const form = new FormData();
  if (file) form.set("arquivo", new File([file.slice()], "recibo.pdf", { type: "application/pdf" }));
  const request = new Request(`http://localhost/verificar/${code}`, {
    method: "POST",
    body: form,
    headers: { [CLIENT_IP_HEADER]: ip },
  });
  return action({ request, params: { code }, context: {} } as unknown as Parameters<typeof action>[0]);
}

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-verify-page-db-"));
  // The route uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  actor = await staffActor(db);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  folders.remove();
});

describe("/verificar/{código}", () => {
  it("shows the document the code names: what it is, the first names, the amount, in force", async () => {
    const { code, number, bytes } = await paidReceipt();
    const answer = await ask(`/verificar/${code}`, "10.0.0.1");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      typed: formatDocumentCode(code),
      error: null,
      doc: {
        code,
        title: `Recibo de Aluguel nº ${number}`,
        kindLabel: "Recibo de aluguel",
        issued_on: "2026-10-09",
        parties: "Tiago, Olga",
        amount_cents: 980_00,
        cancelled_at: null,
        replaced_by_code: null,
        versions: [{ version: "issued", sha256: hex(bytes), created_at: expect.any(String) }],
      },
    });
    expect(answer.body!.doc).not.toHaveProperty("id");
  });

  it("sends a code typed loosely to its canonical address; a malformed one is a 400, an unknown one a 404", async () => {
    const { code } = await paidReceipt();
    const loose = formatDocumentCode(code).toLowerCase();
    expect(await ask(`/verificar?codigo=${encodeURIComponent(loose)}`, "10.0.0.2")).toEqual({
      status: 302,
      location: `/verificar/${code}`,
    });
    expect(await ask(`/verificar/${loose}`, "10.0.0.2")).toEqual({ status: 302, location: `/verificar/${code}` });
    for (const bad of ["ABC", "ABCD-EFGH-JKMU", "ABCD-EFGH-JKMN-P"]) {
      const answer = await ask(`/verificar?codigo=${bad}`, "10.0.0.2");
      expect(answer).toMatchObject({ status: 400, body: { doc: null, error: expect.stringMatching(/inválido/) } });
      expect((await ask(`/verificar/${bad}`, "10.0.0.2")).status).toBe(400);
    }
    let unknown = newDocumentCode();
    while (unknown === code) unknown = newDocumentCode();
    expect(await ask(`/verificar/${unknown}`, "10.0.0.2")).toMatchObject({
      status: 404,
      body: { doc: null, typed: formatDocumentCode(unknown), error: expect.stringMatching(/Nenhum documento/) },
    });
    // No code: the empty form.
    expect(await ask("/verificar", "10.0.0.2")).toEqual({ status: 200, body: { typed: "", error: null, doc: null } });
  });

  it("confirms the PDF posted byte for byte: the file issued matches, one byte changed does not", async () => {
    const { code, bytes } = await paidReceipt();
    expect(await check(code, "10.0.0.3", bytes)).toEqual({ outcome: "match", hash: hex(bytes), version: "issued" });
    const changed = bytes.slice();
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    expect(await check(code, "10.0.0.3", changed)).toEqual({ outcome: "different", hash: hex(changed) });
    expect(await check(code, "10.0.0.3")).toMatchObject({ outcome: "error" });
    let unknown = newDocumentCode();
    while (unknown === code) unknown = newDocumentCode();
    expect(await check(unknown, "10.0.0.3", bytes)).toMatchObject({ outcome: "error" });
  });

  it("still shows a cancelled receipt, with when and why", async () => {
    const { billingId, code, bytes } = await paidReceipt();
    expect(await reverseBillingPayments(db, billingId, "Devolução do Pix", actor, "2026-10-12")).toMatchObject({
      ok: true,
    });
    const answer = await ask(`/verificar/${code}`, "10.0.0.4");
    expect(answer).toMatchObject({
      status: 200,
      body: { doc: { code, cancelled_at: expect.any(String), cancel_reason: "Devolução do Pix" } },
    });
    // The file is still the one issued: the page says so, and that it is cancelled.
    expect(await check(code, "10.0.0.4", bytes)).toMatchObject({ outcome: "match" });
  });

  it(`answers 429 to an address's ask past the ${VERIFY_LIMIT}th in the window, and not to another address`, async () => {
    const { code, bytes } = await paidReceipt();
    for (let i = 0; i < VERIFY_LIMIT; i++) expect((await ask(`/verificar/${code}`, "10.0.0.5")).status).toBe(200);
    expect(await ask(`/verificar/${code}`, "10.0.0.5")).toMatchObject({
      status: 429,
      body: { doc: null, error: expect.stringMatching(/Muitas consultas/) },
    });
    expect(await check(code, "10.0.0.5", bytes)).toMatchObject({
      outcome: "error",
      message: expect.stringMatching(/Muitas consultas/),
    });
    expect((await ask(`/verificar/${code}`, "10.0.0.6")).status).toBe(200);
  });
});

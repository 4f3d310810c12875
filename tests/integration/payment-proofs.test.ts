import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { getAttention } from "#app/models/dashboard/attention.server";
import { findPaymentProofFile } from "#app/models/files/access.server";
import { PROOF_MESSAGES } from "#app/models/payment-proofs/proofs.schema";
import { latestProofs, proofQueue, reviewProof, sendPaymentProof } from "#app/models/payment-proofs/proofs.server";
import { localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { action, loader } from "#app/routes/client/payment-proof";
import { action as staffAction } from "#app/routes/admin/payment-proofs";
import { staffContext } from "#app/utils/staff-context";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { tenantWithLogin } from "#tests/fixtures/client-login";

// "Já paguei" (issue 35; docs/decisions/0063-payment-proofs.md) through the
// route's own action, with multipart bodies as a browser sends them: a
// tenant never reaches another tenant's billing (404, nothing stored), the
// file is judged by its bytes whatever its name, the same form posted twice
// stores one proof, and staff's queue pages 25 at a time. A proof settles
// nothing; the billing's becoming Pago closes it.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-payment-proofs-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const TODAY = localToday();
// Issued (due before today): the client area shows it, the form takes it.
const DUE = TODAY.slice(0, 8) + "01";

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")).sort() : [];

let seq = 0;
async function tenant() {
  seq += 1;
  // What the client area layout's guard puts in the context, as tests/fixtures/client-login.ts builds it.
  return tenantWithLogin(db, { name: `Inquilina ${seq}`, username: `pp${seq}` }, { payment_due_day: 1 });
}

async function bill(clientId: number, due_date = DUE, amount = 120_000) {
  const r = await createBilling(
    db,
    { client_id: clientId, month_year: due_date.slice(0, 7), amount_cents: cents(amount), due_date },
    null,
  );
  if (!r.ok) throw new Error("billing");
  return r.id;
}

async function png() {
  const bytes = await sharp({ create: { width: 20, height: 30, channels: 3, background: { r: 200, g: 200, b: 200 } } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let keySeq = 0;
const newKey = () => `chave-teste-${String(++keySeq).padStart(8, "0")}`;

type Fields = { file?: File; paid_on?: string; amount?: string; note?: string; chave?: string };
async function post(who: { context: RouterContextProvider }, billingId: number, fields: Fields) {
  const form = new FormData();
  if (fields.file) form.set("file", fields.file);
  for (const k of ["paid_on", "amount", "note"] as const) if (fields[k] !== undefined) form.set(k, fields[k]!);
  form.set("chave", fields.chave ?? newKey());
  const request = new Request(`http://localhost/client-area/cobrancas/${billingId}/comprovante`, {
    method: "POST",
    body: form,
  });
  return action({ request, context: who.context, params: { id: String(billingId) } } as unknown as Parameters<
    typeof action
  >[0]);
}

// What a thrown `data(..., { status })` carries.
async function statusOfThrow(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? null;
  }
  return "no throw";
}

const proofsOf = (billingId: number) =>
  db.selectFrom("payment_proofs").selectAll().where("billing_id", "=", billingId).orderBy("id").execute();

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-payment-proofs-db-"));
  // The route uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the tenant's Já paguei", () => {
  it("another tenant's billing is a 404, to the page and to the post, and nothing is stored", async () => {
    const ana = await tenant();
    const bia = await tenant();
    const biaBilling = await bill(bia.id);
    const before = privateFiles();
    const file = new File([await png()], "comprovante.png", { type: "image/png" });
    expect(await statusOfThrow(() => post(ana, biaBilling, { file }))).toBe(404);
    expect(
      await statusOfThrow(() =>
        loader({
          request: new Request(`http://localhost/client-area/cobrancas/${biaBilling}/comprovante`),
          context: ana.context,
          params: { id: String(biaBilling) },
        } as unknown as Parameters<typeof loader>[0]),
      ),
    ).toBe(404);
    // A made-up id and garbage: the same 404, never a 500.
    expect(await statusOfThrow(() => post(ana, 999_999, { file }))).toBe(404);
    expect(await proofsOf(biaBilling)).toEqual([]);
    expect(privateFiles()).toEqual(before);
    // Bia's own: stored. Ana cannot read its file; Bia and staff can.
    const sent = await post(bia, biaBilling, { file });
    expect(sent).toBeInstanceOf(Response);
    const [proof] = await proofsOf(biaBilling);
    expect(await findPaymentProofFile(db, proof.id, { kind: "client", clientId: ana.id })).toBeNull();
    expect(await findPaymentProofFile(db, proof.id, { kind: "client", clientId: bia.id })).not.toBeNull();
    expect(await findPaymentProofFile(db, proof.id, { kind: "staff" })).not.toBeNull();
  });

  it("judges the file by its bytes: a .pdf name with PNG or garbage content", async () => {
    const carla = await tenant();
    const billing = await bill(carla.id);
    const before = privateFiles();
    const garbage = new File([new TextEncoder().encode("isto não é um PDF")], "comprovante.pdf", {
      type: "application/pdf",
    });
    const refused = await post(carla, billing, { file: garbage, amount: "1.200,00", note: "Pix às 10h" });
    if (refused instanceof Response) throw new Error(`expected the form again, got ${refused.status}`);
    expect(refused.init?.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ file: [PROOF_MESSAGES.type] });
    // What was typed comes back.
    expect(refused.data.result.initialValue).toMatchObject({ amount: "1.200,00", note: "Pix às 10h" });
    expect(privateFiles()).toEqual(before);
    // No file at all: the field's own message.
    const empty = await post(carla, billing, { amount: "1.200,00" });
    if (empty instanceof Response) throw new Error("expected the form again");
    expect(empty.data.result.error).toMatchObject({ file: [PROOF_MESSAGES.file] });

    // A PNG named .pdf is a photo: stored as an image (WebP, no metadata).
    const named = new File([await png()], "comprovante.pdf", { type: "application/pdf" });
    expect(await post(carla, billing, { file: named, paid_on: TODAY, amount: "1.200,00" })).toBeInstanceOf(Response);
    // A real PDF is kept as sent.
    const pdf = new File([PDF], "extrato.pdf", { type: "application/pdf" });
    expect(await post(carla, billing, { file: pdf })).toBeInstanceOf(Response);
    const rows = await proofsOf(billing);
    expect(rows.map((r) => [r.mime_type, r.file_name, r.amount_cents, r.paid_on, r.status])).toEqual([
      ["image/webp", "comprovante.webp", 120_000, TODAY, "pending"],
      ["application/pdf", "extrato.pdf", null, null, "pending"],
    ]);
    expect(fs.readFileSync(path.join(uploads, "private", rows[1].file_key))).toEqual(Buffer.from(PDF));
    // It settles nothing: the billing is as open as before.
    const b = await db
      .selectFrom("billing")
      .select(["status", "open_cents"])
      .where("id", "=", billing)
      .executeTakeFirstOrThrow();
    expect(b).toEqual({ status: "pending", open_cents: 120_000 });
    // A date after today is refused on its field.
    const future = await post(carla, billing, { file: pdf, paid_on: "2999-01-01" });
    if (future instanceof Response) throw new Error("expected the form again");
    expect(future.data.result.error).toMatchObject({ paid_on: [PROOF_MESSAGES.futurePaidOn] });
  });

  it("takes an iPhone's HEIC photo, stored as WebP without its metadata", async () => {
    const gil = await tenant();
    const billing = await bill(gil.id);
    const heic = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/photos/photo-taken-2026-11-24.heic"));
    const file = new File([new Uint8Array(heic)], "IMG_0001.HEIC", { type: "image/heic" });
    expect(await post(gil, billing, { file })).toBeInstanceOf(Response);
    const [proof] = await proofsOf(billing);
    expect([proof.mime_type, proof.file_name]).toEqual(["image/webp", "IMG_0001.webp"]);
    const meta = await sharp(path.join(uploads, "private", proof.file_key)).metadata();
    expect([meta.format, meta.exif]).toEqual(["webp", undefined]);
    expect(proof.size).toBe(fs.statSync(path.join(uploads, "private", proof.file_key)).size);
  }, 120_000);

  it("the same form posted twice stores one proof, and the second answers as the first", async () => {
    const dani = await tenant();
    const billing = await bill(dani.id);
    const chave = newKey();
    const file = new File([PDF], "pix.pdf", { type: "application/pdf" });
    const first = await post(dani, billing, { file, chave });
    const second = await post(dani, billing, { file, chave });
    for (const r of [first, second]) {
      expect(r).toBeInstanceOf(Response);
      expect((r as Response).headers.get("Location")).toBe("/client-area?tab=cobranca");
    }
    expect(await proofsOf(billing)).toHaveLength(1);
    // Posted at once (two processes): still one, and no file left over.
    const files = privateFiles().length;
    const key = newKey();
    const upload = { fileName: "pix.pdf", bytes: PDF, paid_on: null, amount_cents: null, note: null, op_key: key };
    const horizon = "2999-12-31";
    const both = await Promise.all([
      sendPaymentProof(db, dani.id, billing, upload, { horizon }),
      sendPaymentProof(db, dani.id, billing, upload, { horizon }),
    ]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    expect(await proofsOf(billing)).toHaveLength(2);
    expect(privateFiles()).toHaveLength(files + 1);
  });

  it("shows the tenant what became of the proof; a refusal with its reason; Pago closes one waiting", async () => {
    const eva = await tenant();
    const billing = await bill(eva.id);
    const file = new File([PDF], "pix.pdf", { type: "application/pdf" });
    await post(eva, billing, { file });
    const [first] = await proofsOf(billing);
    expect((await latestProofs(db, eva.id, [billing])).get(billing)).toMatchObject({ status: "pending" });
    const staff = { id: 1, name: "Rita Financeiro" };
    expect(await reviewProof(db, first.id, { intent: "refuse", reason: "Valor ilegível" }, staff)).toMatchObject({
      ok: true,
    });
    // A second answer changes nothing.
    expect(await reviewProof(db, first.id, { intent: "check" }, staff)).toEqual({ ok: false, reason: "done" });
    expect((await latestProofs(db, eva.id, [billing])).get(billing)).toMatchObject({
      status: "refused",
      refusal_reason: "Valor ilegível",
    });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_name"])
      .where("entity", "=", "payment_proof")
      .where("entity_id", "=", String(first.id))
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "create", actor_name: "Sistema" },
      { action: "update", actor_name: "Rita Financeiro" },
    ]);

    await post(eva, billing, { file });
    const second = (await proofsOf(billing))[1];
    expect(second.status).toBe("pending");
    // Paid in part: still waiting. Paid in full: closed as checked, by whoever paid it.
    const issuer = { agency: { ...defaultAgency, cnpj: "12.345.678/0001-95" }, today: TODAY };
    await registerPayment(db, billing, { payment_date: TODAY, amount_paid: cents(20_000) }, staff, issuer);
    expect((await proofsOf(billing))[1].status).toBe("pending");
    await registerPayment(db, billing, { payment_date: TODAY, amount_paid: null }, staff, issuer);
    expect((await proofsOf(billing))[1]).toMatchObject({
      status: "checked",
      reviewed_by: "paid",
      reviewed_by_name: "Rita Financeiro",
    });
    // A paid billing takes no proof.
    expect(await post(eva, billing, { file })).toBeInstanceOf(Response);
    expect(await proofsOf(billing)).toHaveLength(2);
  });
});

describe("Comprovantes a conferir", () => {
  it("staff's answers through the route: garbage is a 400, a long reason its message, a check closes it", async () => {
    const hugo = await tenant();
    const billing = await bill(hugo.id);
    await post(hugo, billing, { file: new File([PDF], "pix.pdf", { type: "application/pdf" }) });
    const [proof] = await proofsOf(billing);
    const context = new RouterContextProvider();
    context.set(staffContext, {
      id: 1,
      username: "rita",
      email: "rita@teste.com",
      name: "Rita Financeiro",
      role: "admin",
      active: true,
      sessionId: "s",
    });
    const send = (fields: Record<string, string>) =>
      staffAction({
        request: new Request("http://localhost/admin/comprovantes", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
        url: new URL("http://localhost/admin/comprovantes"),
      } as unknown as Parameters<typeof staffAction>[0]);
    expect(await statusOfThrow(() => send({ intent: "check", id: "abc" }))).toBe(400);
    expect(await statusOfThrow(() => send({ intent: "apagar", id: String(proof.id) }))).toBe(400);
    const long = await send({ intent: "refuse", id: String(proof.id), reason: "x".repeat(301) });
    if (long instanceof Response) throw new Error("expected the page again");
    expect(long.data).toEqual({ refuse: { id: proof.id, message: "Use no máximo 300 caracteres." } });
    const done = await send({ intent: "check", id: String(proof.id) });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("Location")).toBe("/admin/comprovantes");
    expect((await proofsOf(billing))[0]).toMatchObject({ status: "checked", reviewed_by: "staff" });
  });

  it("pages 25 at a time, oldest first, with what each billing owes today; the dashboard counts them", async () => {
    await db.deleteFrom("payment_proofs").execute();
    const fia = await tenant();
    const billing = await bill(fia.id, DUE, 100_000);
    // 30 proofs over two billings (the per-billing cap is for the form).
    const other = await bill(fia.id, `${Number(TODAY.slice(0, 4)) - 1}-06-01`);
    for (let i = 0; i < 30; i++)
      await db
        .insertInto("payment_proofs")
        .values({
          billing_id: i % 2 ? billing : other,
          client_id: fia.id,
          file_name: `c${i}.pdf`,
          file_key: `chave-arquivo-${String(i).padStart(8, "0")}.pdf`,
          mime_type: "application/pdf",
          size: 10,
          op_key: `fila-${String(i).padStart(12, "0")}`,
          sent_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        })
        .execute();
    const one = await proofQueue(db, 1, TODAY);
    expect([one.total, one.pages, one.page, one.rows.length]).toEqual([30, 2, 1, 25]);
    expect(one.rows[0].fileName).toBe("c0.pdf");
    const two = await proofQueue(db, 2, TODAY);
    expect(two.rows.map((r) => r.fileName)).toEqual(["c25.pdf", "c26.pdf", "c27.pdf", "c28.pdf", "c29.pdf"]);
    // A page past the last shows the last.
    expect((await proofQueue(db, 900, TODAY)).page).toBe(2);
    const row = one.rows.find((r) => r.billingId === billing)!;
    expect(row.clientName).toBe("Inquilina " + seq);
    expect(row.owedToday).toBeGreaterThanOrEqual(100_000);
    expect((await getAttention(db, TODAY)).proofsToCheck).toBe(30);
  });
});

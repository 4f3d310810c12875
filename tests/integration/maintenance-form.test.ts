import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createClient } from "#app/models/clients/clients.server";
import { getClientForUser } from "#app/models/clients/portal.server";
import { action } from "#app/routes/client/area";
import { clientContext } from "#app/utils/client-context";
import { tempDatabase } from "#tests/fixtures/temp-db";

// "Nova Solicitação" of the client area (docs/product.md §Área do Cliente: at most 5 images) through
// the route's own action, with a multipart body as a browser sends it: five
// images are stored with the request, a sixth refuses the whole form before
// anything is written, and the typed title comes back.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-maintenance-form-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let context: RouterContextProvider;
let clientId: number;

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-maintenance-form-"));
  // The action uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  const created = await createClient(
    db,
    { name: "Maria Inquilina", email: "maria@teste.com", username: "maria", password: "senha1234", payment_due_day: 5 },
    null,
  );
  if (!created.ok) throw new Error("client");
  clientId = created.id;
  const { user_id } = await db
    .selectFrom("clients")
    .select("user_id")
    .where("id", "=", clientId)
    .executeTakeFirstOrThrow();
  const client = (await getClientForUser(db, user_id!))!;
  // What the client area layout's guard puts in the context.
  context = new RouterContextProvider();
  context.set(clientContext, {
    user: {
      id: user_id!,
      username: "maria",
      email: "maria@teste.com",
      name: "Maria Inquilina",
      role: "client",
      active: true,
      sessionId: "s",
    },
    client,
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")) : [];
const requestsOf = () =>
  db.selectFrom("maintenance_requests").select(["id", "title"]).where("client_id", "=", clientId).execute();

async function photo(i: number) {
  const bytes = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 20 * i, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], `foto-${i}.jpg`, { type: "image/jpeg" });
}

async function post(title: string, images: number) {
  const form = new FormData();
  form.set("title", title);
  form.set("category", "plumbing");
  form.set("priority", "medium");
  form.set("description", "A torneira da cozinha pinga sem parar.");
  for (let i = 1; i <= images; i++) form.append("images", await photo(i));
  const request = new Request("http://localhost/client-area?tab=manutencao", { method: "POST", body: form });
  return action({ request, context, params: {} } as unknown as Parameters<typeof action>[0]);
}

describe("Nova Solicitação's images", () => {
  it("six images: the limit's message, the title kept, no request and no file", async () => {
    const result = await post("Seis fotos", 6);
    if (result instanceof Response)
      throw new Error(`expected the form again, got a ${result.status} to ${result.headers.get("Location")}`);
    expect(result.init?.status).toBe(400);
    expect(result.data.alert).toEqual({ title: "Arquivos inválidos", description: "Envie no máximo 5 imagens." });
    expect(result.data.result.initialValue).toMatchObject({ title: "Seis fotos" });
    expect(await requestsOf()).toEqual([]);
    expect(privateFiles()).toEqual([]);
  });

  it("five images: the request with its five images, in order", async () => {
    const result = await post("Cinco fotos", 5);
    if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result.data.alert)}`);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/client-area?tab=manutencao");
    const [request] = await requestsOf();
    expect(request.title).toBe("Cinco fotos");
    const images = await db
      .selectFrom("maintenance_images")
      .select(["position", "file_key"])
      .where("request_id", "=", request.id)
      .orderBy("position")
      .execute();
    expect(images.map((i) => i.position)).toEqual([0, 1, 2, 3, 4]);
    expect(privateFiles().sort()).toEqual(images.map((i) => i.file_key).sort());
  });
});

import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { localToday } from "#app/models/shared/days";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { formatDay } from "#app/models/clients/status";
import { defaultAgency } from "#app/config/agency";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { addItemPhotos } from "#app/models/inspections/photos.server";
import { appDb } from "#tests/fixtures/db";
import { expect, test } from "#tests/fixtures/test";

// Inspections (issue 23), on a phone (375 px) without JavaScript: staff open
// an entry inspection from the Vistorias tab, add two rooms, rate their items
// with notes and photos straight from the camera input, photograph the water
// meter, finalize it (refused while an item is unrated); the report is a PDF;
// the tenant sees the inspection (and the meter's photo) in the client area's
// Vistoria tab, another tenant sees none of it.

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

const made: number[] = [];
test.afterEach(async () => {
  if (made.length === 0) return;
  const ids = made.splice(0);
  const photos = await appDb()
    .selectFrom("inspection_photos")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_photos.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .select("inspection_photos.file_key")
    .where("inspection_rooms.inspection_id", "in", ids)
    .execute();
  const meters = await appDb()
    .selectFrom("inspection_meter_photos")
    .select("file_key")
    .where("inspection_id", "in", ids)
    .execute();
  const reports = await appDb().selectFrom("inspections").select("report_key").where("id", "in", ids).execute();
  await appDb().deleteFrom("inspections").where("id", "in", ids).execute();
  await removePrivateFiles([
    ...[...photos, ...meters].map((p) => p.file_key),
    ...reports.flatMap((r) => (r.report_key ? [r.report_key] : [])),
  ]);
});

const photo = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

test("an entry inspection made on a phone, finalized, seen by its tenant only", async ({
  page,
  newContext,
  signInAs,
  signInClient,
  createClient,
}) => {
  test.setTimeout(90_000);
  const today = localToday();
  const tenant = await createClient({ name: `Inquilina Vistoria ${Date.now()}` });
  const stranger = await createClient({ name: `Outro Inquilino ${Date.now()}` });
  await signInAs("admin");

  await page.goto("/admin/clients?aba=vistorias");
  await page.getByRole("link", { name: "Nova Vistoria" }).click();
  await page.getByLabel("Cliente (contrato)").selectOption({ label: tenant.name });
  await page.getByRole("dialog").getByLabel("Tipo").selectOption("entrada");
  await page.getByLabel("Data").fill(today);
  await page.getByRole("button", { name: "Criar Vistoria" }).click();
  await expect(page).toHaveURL(/\/admin\/vistorias\/\d+$/);
  const id = Number(/\/admin\/vistorias\/(\d+)$/.exec(page.url())![1]);
  made.push(id);
  await expect(page.getByRole("heading", { name: "Vistoria de entrada" })).toBeVisible();

  // A room without a name is refused beside its field.
  await page.getByRole("button", { name: "Adicionar cômodo" }).click();
  await expect(page.getByText("Informe o nome do cômodo.")).toBeVisible();
  await page.getByLabel("Novo cômodo").fill("Sala");
  await page.getByRole("button", { name: "Adicionar cômodo" }).click();
  // The room opens on its own screen with the usual items.
  await expect(page.getByRole("heading", { name: "Sala", level: 1 })).toBeVisible();
  const paredes = page.locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) });
  await paredes.getByLabel("Bom").check();
  await paredes.getByLabel("Observação").fill("Pintura nova, sem marcas.");
  // One "Salvar" for the whole room (issue 38), at its foot.
  await page.getByRole("button", { name: "Salvar Sala" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cômodo salvo");
  await page
    .locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) })
    .getByLabel("Fotos de Paredes")
    .setInputFiles([
      { name: "parede1.jpg", mimeType: "image/jpeg", buffer: await photo("#cba") },
      { name: "parede2.jpg", mimeType: "image/jpeg", buffer: await photo("#abc") },
    ]);
  await page
    .locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) })
    .getByRole("button", { name: "Enviar fotos" })
    .click();
  await expect(page.getByTestId("toast")).toContainText("2 fotos enviadas");
  await expect(page.getByRole("list", { name: "Fotos de Paredes" }).getByRole("img")).toHaveCount(2);
  // A file that is not a photo is refused, nothing stored; the note stays.
  await page
    .locator("li", { has: page.getByRole("button", { name: "Remover item Piso" }) })
    .getByLabel("Fotos de Piso")
    .setInputFiles({ name: "piso.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 not a photo") });
  await page
    .locator("li", { has: page.getByRole("button", { name: "Remover item Piso" }) })
    .getByRole("button", { name: "Enviar fotos" })
    .click();
  await expect(page.getByText("Apenas fotos JPG, PNG, WEBP ou HEIC de até 10 MB.")).toBeVisible();
  await expect(page.getByLabel("Observação").first()).toHaveValue("Pintura nova, sem marcas.");

  await page.getByRole("link", { name: "Todos os cômodos" }).click();
  await page.getByLabel("Novo cômodo").fill("Cozinha");
  await page.getByRole("button", { name: "Adicionar cômodo" }).click();
  await expect(page.getByRole("heading", { name: "Cozinha", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Todos os cômodos" }).click();

  // Finalizing asks first, on its own page, and waits for every item to be rated.
  await page.getByRole("link", { name: "Finalizar vistoria" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/vistorias/${id}/finalizar$`));
  await expect(page.getByText("Avalie o estado de todos os itens antes de finalizar.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmar e finalizar" })).toHaveCount(0);
  await page.getByRole("link", { name: "Voltar à vistoria" }).click();
  for (const room of ["Sala", "Cozinha"]) {
    await page.getByTestId("rooms").getByRole("link", { name: room }).click();
    // Every item rated, then the room saved with one tap.
    const states = page.getByTestId("items").getByRole("group", { name: /^Estado de / });
    for (const state of await states.all()) {
      if (await state.getByLabel("Bom").isChecked()) continue;
      await state.getByLabel(room === "Cozinha" ? "Regular" : "Novo").check();
    }
    await page.getByRole("button", { name: `Salvar ${room}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Cômodo salvo");
    await page.getByRole("link", { name: "Todos os cômodos" }).click();
  }
  await page.getByLabel("Chaves entregues").fill("3");
  await page.getByLabel("Medidor de água", { exact: true }).fill("001234");
  await page.getByRole("button", { name: "Salvar chaves e medidores" }).click();
  await expect(page.getByTestId("toast")).toContainText("Chaves e medidores salvos");
  // The water meter's photo, beside its reading, straight from the camera.
  await page.getByLabel("Foto do medidor de água").setInputFiles({
    name: "hidrometro.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("#4a7"),
  });
  await page
    .locator("form", { has: page.getByLabel("Foto do medidor de água") })
    .getByRole("button", { name: "Enviar foto do medidor" })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Foto enviada");
  await expect(page.getByRole("img", { name: "Foto do medidor de água" })).toBeVisible();
  await expect(page.getByLabel("Medidor de água", { exact: true })).toHaveValue("001234");
  const meterSrc = (await page.getByRole("img", { name: "Foto do medidor de água" }).getAttribute("src"))!;
  await page.getByRole("link", { name: "Finalizar vistoria" }).click();
  await expect(page.getByTestId("finalize-summary")).toContainText("itens avaliados");
  await page.getByRole("button", { name: "Confirmar e finalizar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Vistoria finalizada");
  await expect(page.getByText("Vistoria finalizada: não pode mais ser alterada.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar cômodo" })).toHaveCount(0);
  const report = await page.request.get(`/arquivos/vistorias/relatorios/${id}?download=1`);
  expect(report.status()).toBe(200);
  expect((await report.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The tenant sees it; another tenant sees none of it, not even by its address.
  const mine = await newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  await signInClient(tenant, mine);
  const tenantPage = await mine.newPage();
  await tenantPage.goto("/client-area?tab=vistoria");
  await expect(tenantPage.getByRole("heading", { name: "Vistoria de entrada" })).toBeVisible();
  await expect(tenantPage.getByText(formatDay(today))).toBeVisible();
  await expect(tenantPage.getByText("Pintura nova, sem marcas.")).toBeVisible();
  const photoIds = await appDb()
    .selectFrom("inspection_photos")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_photos.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .select("inspection_photos.id")
    .where("inspection_rooms.inspection_id", "=", id)
    .execute();
  expect(photoIds).toHaveLength(2);
  expect((await tenantPage.request.get(`/arquivos/vistorias/fotos/${photoIds[0].id}`)).status()).toBe(200);
  await expect(tenantPage.getByText("001234")).toBeVisible();
  await expect(tenantPage.getByRole("img", { name: "Foto do medidor de água" })).toHaveAttribute("src", meterSrc);
  const meter = await tenantPage.request.get(meterSrc);
  expect([meter.status(), meter.headers()["content-type"]]).toEqual([200, "image/webp"]);

  const theirs = await newContext({ javaScriptEnabled: false });
  await signInClient(stranger, theirs);
  const strangerPage = await theirs.newPage();
  await strangerPage.goto("/client-area?tab=vistoria");
  await expect(strangerPage.getByText("Nenhuma vistoria finalizada para o seu contrato ainda.")).toBeVisible();
  expect((await strangerPage.request.get(`/arquivos/vistorias/fotos/${photoIds[0].id}`)).status()).toBe(404);
  expect((await strangerPage.request.get(`/arquivos/vistorias/relatorios/${id}`)).status()).toBe(404);
  expect((await strangerPage.request.get(meterSrc)).status()).toBe(404);
});

test("the tenant contests within the window and not after; the exit is compared with the entry", async ({
  page,
  newContext,
  admin,
  signInClient,
  createClient,
}) => {
  test.setTimeout(90_000);
  const today = localToday();
  const tenant = await createClient({ name: `Inquilino Saída ${Date.now()}` });
  // The entry, made and finalized through the app's own model functions.
  const entry = (await createInspection(appDb(), { client_id: tenant.id, kind: "entrada", date: today }, admin))!;
  made.push(entry);
  await addRoom(appDb(), entry, "Quarto", admin);
  for (const item of (await getInspection(appDb(), entry))!.rooms[0].items) {
    await updateItem(appDb(), item.id, { name: item.name, condition: "bom" }, admin);
    if (item.name === "Paredes") await addItemPhotos(appDb(), item.id, [await photo("#dcb")], admin);
  }
  expect(await finalizeInspection(appDb(), entry, admin, { agency: { ...defaultAgency, cnpj: null }, today })).toBe(
    "ok",
  );

  const mine = await newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  await signInClient(tenant, mine);
  const tenantPage = await mine.newPage();
  await tenantPage.goto("/client-area?tab=vistoria");
  await expect(tenantPage.getByTestId("contest-window")).toContainText("Você pode contestar qualquer item até");
  const pisoContest = tenantPage.locator("details", { hasText: "Contestar Piso" });
  await pisoContest.getByText("Contestar Piso").click();
  await pisoContest.getByLabel("O que está diferente").fill("O piso tem um risco perto da porta.");
  await pisoContest.getByLabel("Fotos (opcional)").setInputFiles({
    name: "risco.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("#655"),
  });
  await pisoContest.getByRole("button", { name: "Enviar contestação" }).click();
  await expect(tenantPage.getByTestId("toast")).toContainText("Contestação enviada");
  await expect(tenantPage.getByText("O piso tem um risco perto da porta.")).toBeVisible();
  await expect(tenantPage.getByText("Aguardando resposta da imobiliária.")).toBeVisible();

  // Staff see it flagged on the inspection and answer it.
  await page.goto(`/admin/vistorias/${entry}`);
  const contest = page.getByTestId("contests").locator("li", { hasText: "Quarto: Piso" });
  await expect(contest).toContainText("O piso tem um risco perto da porta.");
  await expect(contest.getByRole("img")).toHaveCount(1);
  await contest.getByLabel("Resposta").fill("Conferido: o risco fica registrado.");
  await contest.getByRole("button", { name: "Responder" }).click();
  await expect(page.getByTestId("toast")).toContainText("Resposta registrada");
  await tenantPage.reload();
  await expect(tenantPage.getByText("Conferido: o risco fica registrado.")).toBeVisible();

  // Eight days later the window is closed: no Contestar, and a post is refused.
  const piso = (await getInspection(appDb(), entry))!.rooms[0].items.find((i) => i.name === "Piso")!;
  await appDb()
    .updateTable("inspections")
    .set({ finalized_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
    .where("id", "=", entry)
    .execute();
  await tenantPage.reload();
  await expect(tenantPage.getByTestId("contest-window")).toContainText("Prazo de contestação encerrado");
  await expect(tenantPage.getByText(/^Contestar /)).toHaveCount(0);
  const late = await tenantPage.request.post(`/client-area/vistoria/itens/${piso.id}`, {
    multipart: { note: "Mais uma coisa." },
    headers: { Origin: new URL(tenantPage.url()).origin },
  });
  expect(late.status()).toBeLessThan(500);
  expect(
    await appDb().selectFrom("inspection_contests").select("id").where("item_id", "=", piso.id).execute(),
  ).toHaveLength(1);

  // The exit starts from the entry's rooms; the worsened item is compared, with a cost.
  await page.goto("/admin/clients/vistorias/nova");
  await page.getByLabel("Cliente (contrato)").selectOption({ label: tenant.name });
  await page.getByRole("dialog").getByLabel("Tipo").selectOption("saida");
  await page.getByRole("button", { name: "Criar Vistoria" }).click();
  await expect(page.getByRole("heading", { name: "Vistoria de saída" })).toBeVisible();
  made.push(Number(/\/admin\/vistorias\/(\d+)$/.exec(page.url())![1]));
  await page.getByTestId("rooms").getByRole("link", { name: "Quarto" }).click();
  const paredes = page.locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) });
  await paredes.getByLabel("Danificado").check();
  await paredes.getByLabel("Observação").fill("Furos de prego.");
  await page.getByRole("button", { name: "Salvar Quarto" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cômodo salvo");
  await page
    .locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) })
    .getByLabel("Fotos de Paredes")
    .setInputFiles({ name: "furos.jpg", mimeType: "image/jpeg", buffer: await photo("#433") });
  await page
    .locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) })
    .getByRole("button", { name: "Enviar fotos" })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Foto enviada");
  await page.getByRole("link", { name: "Todos os cômodos" }).click();
  await page.getByRole("link", { name: "Comparar com a entrada" }).click();
  const diff = page.getByTestId("differences").locator("li", { hasText: "Paredes" });
  await expect(diff).toContainText("Bom");
  await expect(diff).toContainText("Danificado");
  await expect(diff.getByRole("img")).toHaveCount(2);
  await expect(page.getByTestId("differences").locator("li", { hasText: "Piso" })).toHaveCount(0);
  await diff.getByLabel("Custo do reparo (R$)").fill("abc");
  await diff.getByRole("button", { name: "Salvar custo de Paredes" }).click();
  await expect(page.getByText("Informe o custo em reais, como 350,00 (deixe vazio para nenhum).")).toBeVisible();
  await page
    .getByTestId("differences")
    .locator("li", { hasText: "Paredes" })
    .getByLabel("Custo do reparo (R$)")
    .fill("350,00");
  await page
    .getByTestId("differences")
    .locator("li", { hasText: "Paredes" })
    .getByRole("button", { name: "Salvar custo de Paredes" })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Custo salvo");
  await expect(page.getByTestId("settle-total")).toContainText("Total a acertar: R$ 350,00");
});

// An iPhone sends HEIC (tests/fixtures/photos/README.md): taken by content and
// kept upright as WebP; a file only named .heic, or one cut short, is refused
// with the usual message and nothing is stored.
test("an iPhone's HEIC photo is taken; a fake or truncated one is refused", async ({ page, admin, createClient }) => {
  test.setTimeout(60_000);
  const tenant = await createClient({ name: `Inquilina HEIC ${Date.now()}` });
  const id = (await createInspection(appDb(), { client_id: tenant.id, kind: "entrada", date: localToday() }, admin))!;
  made.push(id);
  await addRoom(appDb(), id, "Banheiro", admin);
  const room = (await getInspection(appDb(), id))!.rooms[0];
  const heic = fs.readFileSync(path.resolve("tests/fixtures/photos/photo-taken-2026-11-24.heic"));
  await page.goto(`/admin/vistorias/${id}/comodos/${room.id}`);

  const send = async (name: string, buffer: Buffer) => {
    const paredes = page.locator("li", { has: page.getByRole("button", { name: "Remover item Paredes" }) });
    await expect(paredes.getByLabel("Fotos de Paredes")).toHaveAttribute("accept", /image\/heic.*\.heic/);
    await paredes.getByLabel("Fotos de Paredes").setInputFiles({ name, mimeType: "image/heic", buffer });
    await paredes.getByRole("button", { name: "Enviar fotos" }).click();
  };
  const refusal = page.getByText("Apenas fotos JPG, PNG, WEBP ou HEIC de até 10 MB.");
  await send("IMG_0002.HEIC", Buffer.from("not a photo, only its name"));
  await expect(refusal).toBeVisible();
  await send("IMG_0003.HEIC", heic.subarray(0, Math.floor(heic.length * 0.8)));
  await expect(refusal).toBeVisible();
  expect(
    await appDb().selectFrom("inspection_photos").select("id").where("item_id", "=", room.items[0].id).execute(),
  ).toHaveLength(0);

  await send("IMG_0001.HEIC", heic);
  await expect(page.getByTestId("toast")).toContainText("Foto enviada");
  await expect(page.getByRole("list", { name: "Fotos de Paredes" }).getByRole("img")).toHaveCount(1);
  const row = await appDb()
    .selectFrom("inspection_photos")
    .select(["id", "taken_at", "width", "height"])
    .where("item_id", "=", room.items[0].id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ taken_at: "2026-11-24 09:41", width: 240, height: 320 });
  const served = await page.request.get(`/arquivos/vistorias/fotos/${row.id}`);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();
});

// A room is one tap (issue 38): every item's state and note go with one
// "Salvar {cômodo}"; a room with an item left without a name is refused
// whole, each item's message beside it and everything typed kept.
test("staff rate a whole room with one save; a bad item refuses the room and keeps what was typed", async ({
  page,
  admin,
  createClient,
}) => {
  const tenant = await createClient({ name: `Inquilina Cômodo ${Date.now()}` });
  const id = (await createInspection(appDb(), { client_id: tenant.id, kind: "entrada", date: localToday() }, admin))!;
  made.push(id);
  await addRoom(appDb(), id, "Cozinha", admin);
  const room = (await getInspection(appDb(), id))!.rooms[0];
  expect(room.items.length).toBeGreaterThan(2);
  await page.goto(`/admin/vistorias/${id}/comodos/${room.id}`);

  const states = page.getByTestId("items").getByRole("group", { name: /^Estado de / });
  for (const state of await states.all()) await state.getByLabel("Regular").check();
  const first = page.locator("li", { has: page.getByRole("button", { name: `Remover item ${room.items[0].name}` }) });
  await first.getByLabel("Observação").fill("Azulejo trincado atrás do fogão.");
  await first.getByLabel("Item").fill("");
  await page.getByRole("button", { name: "Salvar Cozinha" }).click();
  await expect(page.getByText("Corrija os itens marcados: nada foi salvo.")).toBeVisible();
  await expect(page.getByText("Informe o nome do item.")).toBeVisible();
  // What was typed is there, nothing was written.
  await expect(page.getByLabel("Observação").first()).toHaveValue("Azulejo trincado atrás do fogão.");
  await expect(page.getByTestId("items").getByLabel("Regular", { exact: true }).last()).toBeChecked();
  const unsaved = await appDb()
    .selectFrom("inspection_items")
    .select("condition")
    .where("room_id", "=", room.id)
    .execute();
  expect(unsaved.every((i) => i.condition === null)).toBe(true);

  await page.getByLabel("Item").first().fill(room.items[0].name);
  await page.getByRole("button", { name: "Salvar Cozinha" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cômodo salvo");
  await expect(page.getByTestId("toast")).toContainText(`${room.items.length} itens alterados.`);
  const saved = await appDb()
    .selectFrom("inspection_items")
    .select(["condition", "note"])
    .where("room_id", "=", room.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  expect(saved.map((i) => i.condition)).toEqual(room.items.map(() => "regular"));
  expect(saved[0].note).toBe("Azulejo trincado atrás do fogão.");
});

import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { createUser, signIn, type TestUser } from "#tests/fixtures/auth";
import { createProperty, db } from "#tests/fixtures/db";
import { E2E_URL } from "#tests/setup/paths";

// The guard matrix: every /admin page (GET) and every admin action (POST) as
// anonymous, client, admin and master. Only the expected roles pass, and a
// refused POST changes nothing.

type Role = "anonymous" | "client" | "admin" | "master";
const ROLES: Role[] = ["anonymous", "client", "admin", "master"];

function seedRows() {
  const property = createProperty({ name: `Guarda ${Date.now()}`, featured: 0 });
  const now = new Date().toISOString();
  const ideal = Number(
    db()
      .prepare(
        "insert into ideal_property_requests (name, email, phone, ideal_property, status, created_at, updated_at) values ('Guarda', 'guarda@teste.com', null, 'x', 'pending', ?, ?)",
      )
      .run(now, now).lastInsertRowid,
  );
  const listing = Number(
    db()
      .prepare(
        "insert into property_listing_requests (name, email, phone, property_type, address, price, status, created_at, updated_at) values ('Guarda', 'guarda@teste.com', '67999990000', 'casa', 'Rua X', 100000, 'pending', ?, ?)",
      )
      .run(now, now).lastInsertRowid,
  );
  return { property: property.id, ideal, listing };
}

let rows: ReturnType<typeof seedRows>;
const users: Partial<Record<Role, TestUser>> = {};

test.beforeAll(async () => {
  rows = seedRows();
  users.client = await createUser("client");
  users.admin = await createUser("admin");
  users.master = await createUser("master");
});

function pages() {
  return [
    "/admin/dashboard",
    "/admin/perfil",
    "/admin/equipe",
    "/admin/properties",
    "/admin/properties/new",
    `/admin/properties/${rows.property}/edit`,
    "/admin/banners",
    "/admin/banners/banner-2",
    "/admin/requests",
    `/admin/requests/${rows.ideal}`,
    "/admin/listings",
    `/admin/listings/${rows.listing}`,
  ];
}

function expectedGet(role: Role, path: string): "ok" | "login" | "dashboard" {
  if (role === "anonymous" || role === "client") return "login";
  if (path === "/admin/equipe" && role !== "master") return "dashboard";
  return "ok";
}

async function requestAs(role: Role, browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_URL });
  if (role !== "anonymous") await signIn(context, users[role]!);
  return context;
}

for (const role of ROLES) {
  test(`GET of every admin page as ${role}`, async ({ browser }) => {
    const context = await requestAs(role, browser);
    for (const path of pages()) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      const expected = expectedGet(role, path);
      if (expected === "ok") {
        expect(res.status(), path).toBe(200);
      } else {
        expect(res.status(), path).toBe(302);
        expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe(expected === "login" ? "/admin" : "/admin/dashboard");
      }
      // The data endpoint of the same page must not leak its loader data either.
      if (expected !== "ok") {
        const dataRes = await context.request.get(`${path}.data`, { maxRedirects: 0 });
        const body = await dataRes.text();
        expect(body, `${path}.data`).not.toContain("guarda@teste.com");
        expect(body, `${path}.data`).not.toContain(users.admin!.email);
      }
    }
    await context.close();
  });
}

test("the refusal tells the visitor why", async ({ page }) => {
  await page.goto("/admin/properties");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Acesso negado")).toBeVisible();
  await expect(page.getByText("Você precisa fazer login para acessar esta página.")).toBeVisible();
});

function snapshot() {
  const property = db().prepare("select name, featured, price from properties where id = ?").get(rows.property);
  const ideal = db().prepare("select status, resolved_by from ideal_property_requests where id = ?").get(rows.ideal);
  const listing = db().prepare("select status, resolved_by from property_listing_requests where id = ?").get(rows.listing);
  const banner = db().prepare("select title, is_active from banners where id = 'banner-2'").get();
  const staff = db().prepare("select count(*) as n from users where username like 'forjado-%'").get();
  const admin = db().prepare("select active, password_hash from users where id = ?").get(users.admin!.id);
  return JSON.stringify({ property, ideal, listing, banner, staff, admin });
}

// Form bodies carry every field name the admin actions read; a guard that
// works refuses them before reading any.
function actions(): { path: string; form: Record<string, string> }[] {
  const common = { id: String(rows.property), name: "Forjado", status: "resolved", resolved_by: "Forjado", title: "Forjado", featured: "on" };
  return [
    { path: "/admin/properties", form: { ...common, intent: "toggle-featured" } },
    { path: "/admin/properties", form: { ...common, intent: "delete" } },
    { path: `/admin/properties/${rows.property}/edit`, form: { ...common, location: "X", price: "1", area: "1" } },
    { path: "/admin/properties/new", form: { ...common, location: "X", price: "1", area: "1" } },
    { path: "/admin/banners", form: { intent: "toggle", id: "banner-2" } },
    { path: "/admin/banners", form: { intent: "restore" } },
    { path: "/admin/banners/banner-2", form: { title: "Forjado", show_on_desktop: "on" } },
    { path: "/admin/requests", form: { intent: "status", id: String(rows.ideal), status: "resolved" } },
    { path: `/admin/requests/${rows.ideal}`, form: { intent: "responsible", id: String(rows.ideal), resolved_by: "Forjado" } },
    { path: "/admin/listings", form: { intent: "status", id: String(rows.listing), status: "resolved" } },
    { path: `/admin/listings/${rows.listing}`, form: { intent: "responsible", id: String(rows.listing), resolved_by: "Forjado" } },
    {
      path: "/admin/equipe",
      form: { intent: "create", name: "Forjado", username: `forjado-${Date.now()}`, email: `forjado-${Date.now()}@teste.com`, password: "senha12345" },
    },
    { path: "/admin/equipe", form: { intent: "disable", id: String(users.admin!.id) } },
    { path: "/admin/equipe", form: { intent: "reset", id: String(users.admin!.id) } },
    { path: "/admin/perfil", form: { intent: "profile", name: "Forjado", email: "forjado@teste.com" } },
  ];
}

async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { Origin: E2E_URL }, maxRedirects: 0 });
}

for (const role of ["anonymous", "client"] as const) {
  test(`every admin action as ${role} is refused and changes nothing`, async ({ browser }) => {
    const context = await requestAs(role, browser);
    const before = snapshot();
    for (const { path, form } of actions()) {
      const res = await post(context.request, path, form);
      expect(res.status(), path).toBe(302);
      expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe("/admin");
    }
    expect(snapshot()).toBe(before);
    await context.close();
  });
}

test("staff actions as an admin (not master) are refused and change nothing", async ({ browser }) => {
  const context = await requestAs("admin", browser);
  const before = snapshot();
  for (const { path, form } of actions().filter((a) => a.path === "/admin/equipe")) {
    const res = await post(context.request, path, form);
    expect(res.status(), path).toBe(302);
    expect(new URL(res.headers().location, E2E_URL).pathname).toBe("/admin/dashboard");
  }
  expect(snapshot()).toBe(before);
  await context.close();
});

test("a session whose account was disabled is expired", async ({ browser }) => {
  const user = await createUser("admin");
  const context = await browser.newContext({ baseURL: E2E_URL });
  await signIn(context, user);
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: `Olá, ${user.name}` })).toBeVisible();
  db().prepare("update users set active = 0 where id = ?").run(user.id);
  await page.goto("/admin/properties");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Sessão expirada")).toBeVisible();
  await context.close();
});

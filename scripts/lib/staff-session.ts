// A staff member of the benchmark: an account made with the real CLI (npm run
// user:create), a sign-in through the login form of /admin, and the save of a
// property through its edit form. Every step checks the server's answer and
// throws when it is not the success a person would see, so the benchmark
// never measures a login page or a refused form by mistake.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fillForm, findForm, multipart, urlEncoded } from "./html-form";

export type Staff = { username: string; password: string };

// An admin (the role with the fewest rights that sees the back office) in the
// server's database, created by the same script an operator runs; a master
// for the pages only a master opens (the audit log).
export function createStaffUser(env: NodeJS.ProcessEnv, role: "admin" | "master" = "admin"): Staff {
  const name = role === "admin" ? "equipe" : "mestre";
  const staff = { username: `bench-${name}`, password: `bench${randomBytes(8).toString("hex")}9` };
  execFileSync(
    "node_modules/.bin/tsx",
    [
      "scripts/user-create.ts",
      "--role",
      role,
      "--username",
      staff.username,
      "--email",
      `${name}.bench@example.com`,
      "--password",
      staff.password,
      "--name",
      role === "admin" ? "Equipe Benchmark" : "Mestre Benchmark",
    ],
    { env, stdio: ["ignore", "ignore", "inherit"] },
  );
  return staff;
}

async function getPage(base: string, path: string, cookie?: string) {
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200)
    throw new Error(
      `GET ${path}: status ${res.status}${res.headers.get("location") ? ` -> ${res.headers.get("location")}` : ""}`,
    );
  return html;
}

// The alert a refused form shows, for the error message.
function refusal(html: string) {
  const alert = /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  return alert
    ? alert
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : html.slice(0, 200);
}

// Signs in through the login form (the fields the page renders, posted with
// this site's Origin as a browser does) and returns the session cookie
// ("__session=..."), after checking that it opens the dashboard.
export async function signIn(base: string, staff: Staff) {
  const form = findForm(await getPage(base, "/admin"), "login em /admin", (f) => f.attrs.get("id") === "login");
  const res = await fetch(`${base}/admin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: urlEncoded(fillForm(form, { username: staff.username, password: staff.password })),
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (res.status < 300 || res.status >= 400 || !location.startsWith("/admin/dashboard") || !session) {
    throw new Error(
      `o login da equipe falhou: status ${res.status}, location "${location}": ${refusal(await res.text())}`,
    );
  }
  // Only the session: the toast cookie of the redirect would keep every
  // later page showing "Login bem-sucedido" and clearing it again.
  const dashboard = await getPage(base, "/admin/dashboard", session);
  if (!dashboard.includes('href="/admin/logout"') && !dashboard.includes('action="/admin/logout"')) {
    throw new Error("o login da equipe não abriu o painel (/admin/dashboard sem o link de sair)");
  }
  return session;
}

type Timed = { status: number; ms: number };
export type SaveResult = { edit: Timed; save: Timed | null; ok: boolean; detail: string };

// "Salvar alterações" on /admin/properties/<id>/edit with the values the form
// shows (a staff member opening a property and saving it): the multipart post
// of the form as rendered, stored photos kept in their order. A save
// redirects to the list; anything else is a failure, with the form's alert.
export async function saveProperty(base: string, cookie: string, id: number): Promise<SaveResult> {
  const path = `/admin/properties/${id}/edit`;
  let t0 = performance.now();
  const page = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
  const html = await page.text();
  const edit = { status: page.status, ms: performance.now() - t0 };
  if (page.status !== 200) {
    return {
      edit,
      save: null,
      ok: false,
      detail: `GET ${path}: status ${page.status}${page.headers.get("location") ? ` -> ${page.headers.get("location")}` : ""}`,
    };
  }
  const form = findForm(html, `edição do imóvel ${id}`, (f) => f.attrs.get("id") === "property-form");
  if (!form.fields.some((f) => f.name === "id" && f.value === String(id)))
    throw new Error(`o formulário de ${path} não traz o id do imóvel`);
  const { body: payload, contentType } = multipart(form.fields);
  t0 = performance.now();
  const res = await fetch(base + path, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": contentType },
    body: payload,
    redirect: "manual",
  });
  const body = await res.text();
  const save = { status: res.status, ms: performance.now() - t0 };
  const location = res.headers.get("location") ?? "";
  const ok = (res.status === 302 || res.status === 303) && location.startsWith("/admin/properties");
  return { edit, save, ok, detail: ok ? "" : `status ${res.status}, location "${location}": ${refusal(body)}` };
}

// The tenant of the benchmark: its client record with 60 billings made in the
// server's database (scripts/lib/bench-tenant.ts, run with the server's
// environment), and a sign-in through the login form of /client-login. Every
// step checks the server's answer, so the benchmark never measures a login
// page by mistake.
import { execFileSync } from "node:child_process";
import { fillForm, findForm, urlEncoded } from "./html-form";

export type Tenant = { username: string; password: string };

// The line of bench-tenant.ts's output that carries the login.
export const TENANT_LINE = "bench-tenant ";

export function createBenchTenant(env: NodeJS.ProcessEnv): Tenant {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/lib/bench-tenant.ts"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = out.split("\n").find((l) => l.startsWith(TENANT_LINE));
  if (!line) throw new Error("o inquilino do benchmark não foi criado (bench-tenant.ts não respondeu)");
  return JSON.parse(line.slice(TENANT_LINE.length)) as Tenant;
}

// Signs in through the client login form (posted with this site's Origin, as
// a browser does) and returns the session cookie ("__session=..."), after
// checking that it opens the client area's Cobrança tab with the tenant's
// name (the scale bench's tenant has another: scripts/bench-scale.ts).
export async function signInTenant(base: string, tenant: Tenant, name = "Inquilino Benchmark") {
  const page = await fetch(`${base}/client-login`);
  const form = findForm(await page.text(), "login em /client-login", (f) => f.attrs.get("id") === "client-login");
  const res = await fetch(`${base}/client-login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: urlEncoded(fillForm(form, { username: tenant.username, password: tenant.password })),
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  // Only the session: the toast cookie would make every later page show the toast.
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (res.status < 300 || res.status >= 400 || !location.startsWith("/client-area") || !session)
    throw new Error(`o login do inquilino falhou: status ${res.status}, location "${location}"`);
  const area = await fetch(`${base}/client-area?tab=cobranca`, { headers: { cookie: session }, redirect: "manual" });
  const html = await area.text();
  if (area.status !== 200 || !html.includes(name))
    throw new Error(`a área do cliente não abriu para o inquilino: status ${area.status}`);
  return session;
}

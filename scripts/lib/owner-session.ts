// The owner of the scale benchmark (issue 37, decision 0077): the owner with
// the most contracts and an email is given a login through staff's "Dar
// acesso" form, then signs in through /client-login, as people do. Every step
// checks the server's answer, so the benchmark never measures a login page.
import { randomBytes } from "node:crypto";
import { fillForm, findForm, urlEncoded } from "./html-form";

const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));

export async function signInOwner(base: string, staffSession: string, ownerId: number) {
  const owner = { username: `bench-dono-${ownerId}`, password: `bench${randomBytes(8).toString("hex")}9` };
  const given = await fetch(`${base}/admin/clients/proprietarios/${ownerId}/acesso`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: staffSession },
    body: new URLSearchParams({ intent: "give-access", ...owner }).toString(),
    redirect: "manual",
  });
  if (given.status !== 302)
    throw new Error(`"Dar acesso" falhou para o proprietário ${ownerId}: status ${given.status}`);
  const page = await fetch(`${base}/client-login`);
  const form = findForm(await page.text(), "login em /client-login", (f) => f.attrs.get("id") === "client-login");
  const res = await fetch(`${base}/client-login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: urlEncoded(fillForm(form, owner)),
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  const session = sessionOf(res);
  if (res.status !== 302 || location !== "/area-do-proprietario" || !session)
    throw new Error(`o login do proprietário falhou: status ${res.status}, location "${location}"`);
  const area = await fetch(`${base}/area-do-proprietario`, { headers: { cookie: session }, redirect: "manual" });
  if (area.status !== 200 || !(await area.text()).includes("Área do Proprietário"))
    throw new Error(`a área do proprietário não abriu: status ${area.status}`);
  return session;
}

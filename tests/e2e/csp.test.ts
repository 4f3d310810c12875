import { createHash } from "node:crypto";
import { expect, test } from "#tests/fixtures/test";

// The enforced Content-Security-Policy (docs/decisions/0002 and 0005): a
// rendered page allows only the scripts carrying its own per-request nonce; a
// page served from the anonymous cache allows exactly the hashes of the app's
// own inline scripts, never other inline content such as the JSON-LD.

function scriptSrc(csp: string | undefined) {
  const directive = (csp ?? "").split(";").find((d) => d.trim().startsWith("script-src"));
  expect(directive, "a script-src directive").toBeTruthy();
  return directive!.trim().split(/\s+/).slice(1);
}

function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1], body: m[2] }));
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("a rendered page allows only scripts with this request's nonce", async ({ request }) => {
  // /admin is never cached: it is rendered for each request.
  const first = await request.get("/admin");
  const second = await request.get("/admin");
  const sources = scriptSrc(first.headers()["content-security-policy"]);
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).not.toContain("'unsafe-eval'");
  const nonces = sources.filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0].slice("'nonce-".length, -1);
  expect(scriptSrc(second.headers()["content-security-policy"])).not.toContain(nonces[0]);

  const scripts = inlineScripts(await first.text());
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.attrs).toContain(`nonce="${nonce}"`);
});

test("a cached page's CSP lists the hashes of the app's own inline scripts and nothing else", async ({
  request,
  createProperty,
}) => {
  const property = await createProperty({
    name: `Casa CSP ${Date.now()}`,
    description: "Descrição com <b>marcação</b> e aspas \" ' que vai no JSON-LD.",
  });
  const path = `/imoveis/${property.id}`;
  await expect(async () => {
    await request.get(path);
    const hit = await request.get(path);
    expect(hit.headers()["x-page-cache"]).toBe("hit");
    const hashes = scriptSrc(hit.headers()["content-security-policy"]).filter((s) => s.startsWith("'sha256-"));
    expect(scriptSrc(hit.headers()["content-security-policy"])).not.toContain("'unsafe-inline'");
    const scripts = inlineScripts(await hit.text()).filter((s) => !/\bsrc=/.test(s.attrs));
    const own = scripts.filter((s) => /\bnonce="/.test(s.attrs)).map((s) => sha256(s.body));
    const jsonLd = scripts.filter((s) => s.attrs.includes("application/ld+json"));
    expect(jsonLd).toHaveLength(1);
    expect(new Set(hashes)).toEqual(new Set(own));
    expect(hashes).not.toContain(sha256(jsonLd[0].body));
  }).toPass({ timeout: 15_000 });
});

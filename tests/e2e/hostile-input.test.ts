import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { addRoom, createInspection } from "#app/models/inspections/inspections.server";
import type { Database as Tables } from "#app/db/schema";
import {
  insertContractRow,
  insertMaintenanceRequest,
  insertQueuedBoleto,
  type SampleRows,
} from "#tests/fixtures/admin-rental";
import { msiFile, zipBomb } from "#tests/fixtures/containers";
import { appDb } from "#tests/fixtures/db";
import { multipartBody, sendRaw, type RawRequest, type RawResponse } from "#tests/fixtures/raw-http";
import { test as base, expect } from "#tests/fixtures/test";
import { E2E_UPLOADS, E2E_URL } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";

// The standing hostile-input corpus (issue 9): malformed requests to every
// route of app/routes.ts, anonymous and signed in as master, and to every
// form found on those pages. Whatever arrives, the server answers below 500,
// never shows a stack trace, and a refused request writes nothing: no row,
// no stored file, no email.
//
// Requests go out through a raw HTTP client (tests/fixtures/raw-http.ts), not
// Playwright's `request`: that one resolves URLs first, so "/a/%2e%2e/b"
// would leave as "/b" and the bypasses of the issue could never be sent.
//
// It runs in its own Playwright project after the others (playwright.config.ts):
// the before/after comparison covers whole tables, which the other files'
// fixtures would change if they ran beside it.
//
// New routes join by themselves (the list is built from app/routes.ts); a
// route with a URL parameter gets "1" unless SAMPLE_PARAMS names a better one.

// The sample rows, and a seeded listing photo (its JPEG copy exists, so serving it writes nothing).
type Rows = SampleRows & { photoKey: string };
type Identity = "anonymous" | "master";

// login_attempts is written by a refused login on purpose (it is what the
// throttle counts); everything else must stay as it was.
const WRITES_ON_REFUSAL = new Set(["login_attempts"]);

// The outbox's delivery columns are written by the housekeeping thread, on its
// own clock: an email queued by an earlier test, or one retried after its
// backoff, may go out while this corpus runs. What a request could write is a
// new row or a "Reenviar" (failed -> queued, which also writes an audit row),
// so the fingerprint keeps each row's message and whether it was given up.
const DELIVERY_COLUMNS = new Set([
  "attempts",
  "next_attempt_at",
  "last_error",
  "claimed_by",
  "claimed_until",
  "sent_at",
]);
const withoutDelivery = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !DELIVERY_COLUMNS.has(k))
      .map(([k, v]) => (k === "status" ? ["failed", v === "failed"] : [k, v])),
  );

// Actions that read no body: any same-origin form post to them is accepted
// (logging out), so the signed-in run sends them only what the server must
// refuse before the action.
const ACCEPTS_ANY_BODY = new Set(["/admin/logout", "/client-logout"]);

const SAMPLE_PARAMS: Record<string, (rows: Rows) => Record<string, string>> = {
  "routes/admin/properties/edit.tsx": (r) => ({ id: String(r.property) }),
  "routes/site/property.tsx": (r) => ({ id: String(r.property) }),
  "routes/admin/banners/edit.tsx": () => ({ id: "banner-2" }),
  "routes/admin/requests/ideal-detail.tsx": (r) => ({ id: String(r.ideal) }),
  "routes/admin/requests/owner-request-detail.tsx": (r) => ({ id: String(r.listing) }),
  "routes/admin/clients/edit.tsx": (r) => ({ id: String(r.client) }),
  "routes/admin/clients/contract-end.tsx": (r) => ({ id: String(r.client) }),
  "routes/admin/clients/contract-reopen.tsx": (r) => ({ id: String(r.client) }),
  "routes/admin/clients/contract-delete.tsx": (r) => ({ id: String(r.contract) }),
  "routes/admin/clients/maintenance-manage.tsx": (r) => ({ id: String(r.maintenance) }),
  "routes/admin/clients/billing-manage.tsx": (r) => ({ id: String(r.billing) }),
  "routes/admin/clients/billing-reverse.tsx": (r) => ({ id: String(r.billing) }),
  "routes/admin/clients/billing-document-delete.tsx": (r) => ({ id: String(r.billingDocument) }),
  "routes/files/billing-document.tsx": (r) => ({ id: String(r.billingDocument) }),
  "routes/admin/clients/billing-boleto-review.tsx": (r) => ({ id: String(r.queuedBoleto) }),
  "routes/files/queued-boleto.tsx": (r) => ({ id: String(r.queuedBoleto) }),
  "routes/auth/password-reset.tsx": () => ({ token: randomBytes(32).toString("base64url") }),
  "routes/site/category.tsx": () => ({ category: "apartamentos" }),
  "routes/files/listing-photo.ts": (r) => ({ file: `${r.photoKey}.jpg` }),
};
const ABSURD_PARAMS = ["99999999999999999999999999", "-1", "1e308", "0x10", "NaN", "0", "banner-99999999999999999999"];
const ABSURD_NUMBERS = ["99999999999999999999999999", "-1", "1e308", "NaN", "Infinity", "0x1F"];
const QUERY_NAMES = [
  "page",
  "search",
  "latest",
  "type",
  "category",
  "neighborhood",
  "priceRange",
  "advertised_for",
  "aba",
  "modalidade",
  "status",
  "enviado",
  "cliente",
  "mes",
  "ano",
];

type Leaf = { pattern: string; file: string; index: boolean };

function leaves(entries: RouteConfigEntry[], parent = ""): Leaf[] {
  return entries.flatMap((e) => {
    const here = e.path ? [parent, e.path].filter(Boolean).join("/") : parent;
    const own: Leaf[] = e.path || e.index ? [{ pattern: here, file: e.file, index: !!e.index }] : [];
    return [...own, ...leaves(e.children ?? [], here)];
  });
}

function fill(pattern: string, params: Record<string, string>) {
  return (
    (
      "/" +
      pattern
        .split("/")
        .map((s) =>
          s === "*"
            ? "nao-existe-hostil"
            : s.startsWith(":")
              ? encodeURIComponent(params[s.slice(1).replace(/\?$/, "")] ?? "1")
              : s,
        )
        .join("/")
    ).replace(/\/+$/, "") || "/"
  );
}

// Every concrete URL to try: each route with good sample params, and each
// parameterised route once per absurd value.
function routeUrls(rows: Rows) {
  const urls = new Map<string, Leaf>();
  for (const leaf of leaves(routeConfig as RouteConfigEntry[])) {
    urls.set(fill(leaf.pattern, SAMPLE_PARAMS[leaf.file]?.(rows) ?? {}), leaf);
    if (leaf.pattern.includes(":")) {
      for (const v of ABSURD_PARAMS) urls.set(fill(leaf.pattern, new Proxy({}, { get: () => v })), leaf);
    }
  }
  return [...urls].map(([url, leaf]) => ({ url, leaf }));
}

// The URL an action post goes to (index routes need ?index).
function actionUrl(url: string, leaf: Leaf) {
  return leaf.index ? `${url}?index` : url;
}

type Case = { name: string; req: RawRequest; expect?: number[]; reachesAction?: boolean };

const FORM = "application/x-www-form-urlencoded";
const BIG = "nome=" + "a".repeat(300 * 1024);

// What every route gets, whatever it is.
function routeCases(url: string, leaf: Leaf): Case[] {
  const post = actionUrl(url, leaf);
  const data = url === "/" ? "/_.data" : `${url}.data`;
  const dataPost = leaf.index ? `${data}?index` : data;
  const slash = url === "/" ? "" : url;
  const absurdQuery = QUERY_NAMES.map(
    (n, i) => `${n}=${encodeURIComponent(ABSURD_NUMBERS[i % ABSURD_NUMBERS.length])}`,
  ).join("&");
  const cases: Case[] = [
    { name: "GET", req: { path: url } },
    { name: "GET .data", req: { path: data } },
    { name: "HEAD", req: { method: "HEAD", path: url } },
    { name: "absurd query", req: { path: `${url}?${absurdQuery}` } },
    { name: "query in a wrong encoding", req: { path: `${url}?search=%FF%FE%C3%28&page=%E0%80%AF&type=%00` } },
    { name: "repeated query", req: { path: `${url}?page=1&page=2&page=x&search=a&search=b` } },
    { name: "broken session cookie", req: { path: url, headers: { Cookie: "__session=%E0%A4%A; toast=%%%" } } },
    {
      name: "overlong cookie",
      req: { path: url, headers: { Cookie: `__session=${"a".repeat(6000)}; toast=eyJ0eXBlIjoi` } },
    },
    { name: "garbage cookie header", req: { path: url, headers: { Cookie: ";;;=;__session;toast==;=x" } } },
    ...["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND"].map((method) => ({
      name: method,
      req: { method, path: url },
      expect: [405],
    })),
    { name: "OPTIONS", req: { method: "OPTIONS", path: url }, expect: [204, 405] },
    {
      name: "encoded dot segments",
      req: { method: "POST", path: `${slash}/%2e%2e/%2e%2e/?index`, headers: { "Content-Type": FORM }, body: "a=b" },
      expect: [400],
    },
    { name: "leading encoded dots", req: { path: `/%2E%2E${slash}` }, expect: [400] },
    { name: "dot segment", req: { path: `${slash}/./` }, expect: [400] },
    { name: "parent segment", req: { path: `${slash}/../` }, expect: [400] },
    { name: "double slash", req: { path: `${slash}//x` }, expect: [400] },
    { name: "encoded slash", req: { path: `${slash}%2fx` }, expect: [400] },
    { name: "backslash", req: { path: `${slash}\\x` }, expect: [400] },
    { name: "encoded backslash", req: { path: `${slash}%5cx` }, expect: [400] },
    { name: "NUL", req: { path: `${slash}%00` }, expect: [400] },
    { name: "invalid UTF-8 in the path", req: { path: `${slash}%C3%28` }, expect: [400] },
    { name: "overlong path", req: { path: `${slash}/${"a".repeat(5000)}` }, expect: [414] },
    { name: "absolute-form target", req: { path: `http://evil.example${url}` }, expect: [400] },
    {
      name: "JSON post",
      req: { method: "POST", path: post, headers: { "Content-Type": "application/json" }, body: '{"name":"x"}' },
      expect: [415],
    },
    {
      name: "JSON post to .data",
      req: { method: "POST", path: dataPost, headers: { "Content-Type": "application/json" }, body: "{}" },
      expect: [415],
    },
    {
      name: "text/plain post",
      req: { method: "POST", path: post, headers: { "Content-Type": "text/plain" }, body: "name=x" },
      expect: [415],
    },
    { name: "post without a content type", req: { method: "POST", path: post, body: "name=x" }, expect: [415] },
    { name: "empty post without a content type", req: { method: "POST", path: post }, expect: [415] },
    {
      name: "multipart without a boundary",
      req: { method: "POST", path: post, headers: { "Content-Type": "multipart/form-data" }, body: "x" },
      expect: [415],
    },
    {
      name: "broken multipart",
      req: {
        method: "POST",
        path: post,
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
        body: "garbage\r\n--zzz\r\nnot a header\r\n\r\n",
      },
      reachesAction: true,
    },
    {
      name: "truncated multipart",
      req: {
        method: "POST",
        path: dataPost,
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
        body: '--zzz\r\nContent-Disposition: form-data; name="nome"\r\n\r\nabc',
      },
      reachesAction: true,
    },
    {
      name: "bad percent-encoding in a form",
      req: {
        method: "POST",
        path: post,
        headers: { "Content-Type": FORM },
        body: "nome=%ZZ&email=%C3%28&x=%FF%FE&%=%",
      },
      reachesAction: true,
    },
    {
      name: "latin-1 bytes in a form",
      req: {
        method: "POST",
        path: post,
        headers: { "Content-Type": `${FORM}; charset=ISO-8859-1` },
        body: Buffer.from([0x6e, 0x3d, 0xe9, 0xff, 0x00, 0x26, 0x3d]),
      },
      reachesAction: true,
    },
    {
      name: "UTF-16 form",
      req: {
        method: "POST",
        path: post,
        headers: { "Content-Type": `${FORM}; charset=UTF-16` },
        body: Buffer.from("nome=x&email=y", "utf16le"),
      },
      reachesAction: true,
    },
    {
      name: "gzip-encoded form",
      req: {
        method: "POST",
        path: post,
        headers: { "Content-Type": FORM, "Content-Encoding": "gzip" },
        body: randomBytes(64),
      },
      reachesAction: true,
    },
    {
      name: "oversized form",
      req: { method: "POST", path: post, headers: { "Content-Type": FORM }, body: BIG },
      expect: [413],
    },
    {
      name: "form without a length",
      req: { method: "POST", path: post, headers: { "Content-Type": FORM }, body: "nome=x", chunked: true },
      expect: [411],
    },
    {
      name: "cross-site post",
      req: {
        method: "POST",
        path: post,
        headers: { "Content-Type": FORM, Origin: "https://evil.example" },
        body: "nome=x",
      },
      expect: [403],
    },
    {
      name: "post from an opaque origin",
      req: { method: "POST", path: post, headers: { "Content-Type": FORM, Origin: "null" }, body: "nome=x" },
      expect: [403],
    },
  ];
  return cases;
}

// The bypasses the issue names, word for word.
const ISSUE_CASES: Case[] = [
  {
    name: "upload bypass into the home action",
    req: {
      method: "POST",
      path: "/admin/properties/%2e%2e/%2e%2e/?index",
      headers: { "Content-Type": FORM },
      body: BIG,
    },
    expect: [400],
  },
  {
    name: "rate-limit bypass into the home action",
    req: { method: "POST", path: "/admin/%2e%2e/?index", headers: { "Content-Type": FORM }, body: "a=b" },
    expect: [400],
  },
  {
    name: "rate-limit bypass into the recovery",
    req: {
      method: "POST",
      path: "/admin/%2e%2e/admin/password-recovery",
      headers: { "Content-Type": FORM },
      body: "email=a%40b.c",
    },
    expect: [400],
  },
  { name: "DELETE /admin/properties", req: { method: "DELETE", path: "/admin/properties" }, expect: [405] },
  { name: "TRACE /", req: { method: "TRACE", path: "/" }, expect: [405] },
  // Refused by Node's own parser, before any of our code.
  {
    name: "absurd Content-Length",
    req: {
      method: "POST",
      path: "/?index",
      headers: { "Content-Type": FORM, "Content-Length": "99999999999999999999999" },
      body: "a=b",
    },
    expect: [400, 413],
  },
  {
    name: "negative Content-Length",
    req: { method: "POST", path: "/?index", headers: { "Content-Type": FORM, "Content-Length": "-1" }, body: "a=b" },
    expect: [400],
  },
  { name: "oversized header", req: { path: "/", headers: { "X-Hostil": "a".repeat(20_000) } }, expect: [431] },
];

// Forms as the pages render them: where they post, how, and their fields.
type FormField = { name: string; value: string; file: boolean };
type HarvestedForm = { page: string; action: string; multipart: boolean; fields: FormField[] };

async function harvestForms(page: Page, html: string, pageUrl: string): Promise<HarvestedForm[]> {
  const forms = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    return [...doc.querySelectorAll("form")]
      .filter((f) => (f.getAttribute("method") ?? "get").toLowerCase() === "post")
      .map((f) => ({
        action: f.getAttribute("action"),
        multipart: (f.getAttribute("enctype") ?? "").toLowerCase() === "multipart/form-data",
        fields: [...f.querySelectorAll("input[name], select[name], textarea[name], button[name]")].map((el) => {
          const input = el as HTMLInputElement;
          const value =
            el instanceof HTMLSelectElement ? (el.options[el.selectedIndex]?.value ?? "") : (input.value ?? "");
          return { name: input.name, value, file: el instanceof HTMLInputElement && el.type === "file" };
        }),
      }));
  }, html);
  return forms.map((f) => ({
    page: pageUrl,
    // What a browser sends: the action's path and query, never its fragment (#imovel-ideal).
    action: ((u) => u.pathname + u.search)(new URL(f.action ?? pageUrl, E2E_URL + pageUrl)),
    multipart: f.multipart,
    fields: f.fields,
  }));
}

const NOT_AN_IMAGE = Buffer.from("isto não é uma imagem\n".repeat(50));

function encodeForm(
  form: HarvestedForm,
  pairs: [string, string | Buffer][],
  files: boolean,
): { headers: Record<string, string>; body: Buffer } {
  if (form.multipart) {
    const boundary = `----hostil${randomBytes(6).toString("hex")}`;
    const text = pairs.filter(([, v]) => typeof v === "string") as [string, string][];
    const fileParts = files
      ? form.fields
          .filter((f) => f.file)
          .map((f) => ({ name: f.name, filename: "foto.jpg", type: "image/jpeg", data: NOT_AN_IMAGE }))
      : [];
    // Raw bytes (wrong encodings) go in as they are.
    const raw = pairs.filter(([, v]) => typeof v !== "string") as [string, Buffer][];
    let body = multipartBody(boundary, text, fileParts);
    if (raw.length) {
      const end = Buffer.from(`--${boundary}--\r\n`);
      const extra = raw.map(([n, v]) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n`),
          v,
          Buffer.from("\r\n"),
        ]),
      );
      body = Buffer.concat([body.subarray(0, body.length - end.length), ...extra, end]);
    }
    return { headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body };
  }
  const body = pairs
    .map(
      ([n, v]) =>
        `${encodeURIComponent(n)}=${typeof v === "string" ? encodeURIComponent(v) : [...v].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")}`,
    )
    .join("&");
  return { headers: { "Content-Type": FORM }, body: Buffer.from(body) };
}

// Missing, doubled, overlong, absurd and wrongly encoded values in every
// field of the form at once, so that no variant is a valid submission.
function formCases(form: HarvestedForm): Case[] {
  const names = [...new Set(form.fields.filter((f) => !f.file).map((f) => f.name))];
  const original = (n: string) => form.fields.find((f) => f.name === n)?.value || "x";
  const each = (value: (n: string) => string | Buffer) => names.map((n) => [n, value(n)] as [string, string | Buffer]);
  const overlong = Math.max(600, Math.floor((150 * 1024) / Math.max(1, names.length) / 2));
  const variants: [string, [string, string | Buffer][], boolean][] = [
    ["every field missing", [], false],
    [
      "every field doubled",
      names.flatMap((n) => [[n, original(n)] as [string, string], [n, original(n)] as [string, string]]),
      true,
    ],
    ["every field overlong", each((n) => original(n) + "ã".repeat(overlong)), true],
    ...ABSURD_NUMBERS.slice(0, 3).map((v): [string, [string, string][], boolean] => [
      `every field ${v}`,
      each(() => v) as [string, string][],
      false,
    ]),
    ["every field in a wrong encoding", each(() => Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe0, 0x80, 0xaf])), false],
    ["control characters in every field", each((n) => `${original(n)}\u0000\r\nSet-Cookie: x=1\u202e`), false],
  ];
  return variants.map(([name, pairs, files]) => {
    const { headers, body } = encodeForm(form, pairs, files);
    return {
      name: `form ${form.action} (${form.page}): ${name}`,
      req: { method: "POST", path: form.action, headers: { ...headers, Origin: E2E_URL }, body },
      reachesAction: true,
    };
  });
}

// Whole tables (but the throttle's and the outbox's delivery state) and stored files.
async function fingerprint() {
  // Every table but SQLite's and the migrations' own (Kysely's introspection leaves those out).
  const tables = (await appDb().introspection.getTables())
    .filter((t) => !t.isView)
    .map((t) => t.name as keyof Tables)
    .sort();
  const state: Record<string, string> = {};
  for (const t of tables) {
    if (WRITES_ON_REFUSAL.has(t)) continue;
    const rows = (await appDb().selectFrom(t).selectAll().execute())
      .map((r) => JSON.stringify(t === "email_outbox" ? withoutDelivery(r) : r))
      .sort();
    state[t] = `${rows.length} rows ${createHash("sha256").update(rows.join("\n")).digest("hex").slice(0, 16)}`;
  }
  const files = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, encoding: "utf8" })
          .filter((f) => fs.statSync(path.join(dir, f)).isFile())
          .sort()
      : [];
  // Sent emails' files are left out for the same reason as DELIVERY_COLUMNS:
  // a request can only add one through a new outbox row.
  state.uploads = files(E2E_UPLOADS).join(",");
  return state;
}

const STACK = /(file:\/\/\/|\/node_modules\/|node:internal|\bat [\w$.<>[\] ]+ \(|\.(?:[cm]?js|tsx?):\d+:\d+)/;

async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
    }),
  );
}

// What must hold for every answer; returns what went wrong, if anything.
function judge(identity: Identity, c: Case, res: RawResponse): string[] {
  const problems: string[] = [];
  const where = `${identity} ${c.name}: ${c.req.method ?? "GET"} ${c.req.path.slice(0, 120)} -> ${res.status}`;
  if (res.status >= 500 || res.status === 0) problems.push(`${where} (server error or no answer)`);
  else if (c.expect && !c.expect.includes(res.status)) problems.push(`${where}, expected ${c.expect.join(" or ")}`);
  if (STACK.test(res.body)) problems.push(`${where}: stack trace in the body: ${STACK.exec(res.body)![0]}`);
  // (A POST to a page without an action is React Router's own 405.)
  if (res.status === 405 && c.req.method !== "POST" && res.headers.allow !== "GET, HEAD, POST")
    problems.push(`${where}: 405 without Allow`);
  if (res.status === 403 && !res.body.includes("Formulário recusado")) problems.push(`${where}: a bare 403`);
  // Pages behind a login (and the login pages) are never stored by the browser.
  const routePath = c.req.path.split("?")[0].toLowerCase();
  if (res.status === 200 && (c.req.method ?? "GET") === "GET" && /^\/admin(\/|\.data|$)/.test(routePath)) {
    const cc = String(res.headers["cache-control"] ?? "");
    if (!cc.includes("no-store") || !cc.includes("private"))
      problems.push(`${where}: Cache-Control "${cc}" on a private page`);
  }
  return problems;
}

const test = base.extend<{ rows: Rows }>({
  rows: async ({ createProperty, createRequest, createClient, createBilling, attachBoleto }, use) => {
    const property = await createProperty({ name: `Hostil ${Date.now()}` });
    const ideal = await createRequest("ideal");
    const listing = await createRequest("owner");
    const client = await createClient({ monthly_rent: cents(125000), contract_end_date: "2099-12-31" });
    // One without a login, so that the "Dar login" form is on the page too.
    const withoutLogin = await createClient();
    await disableClientLogin(appDb(), withoutLogin.id, null);
    // A contract row and a maintenance request, for the pages of the Contratos and Manutenções tabs.
    const contract = await insertContractRow(client.id);
    const maintenance = await insertMaintenanceRequest(client.id);
    // A billing (due in the future: the overdue job leaves it alone) with a
    // boleto, for the billing page, the boleto's delete page and its file.
    const billing = await createBilling(client.id, { month_year: "2099-10", due_date: "2099-10-05" });
    const boleto = await attachBoleto(billing.id);
    const billingIds = { billing: billing.id, billingDocument: boleto.id };
    // A boleto on the awaiting list, for its page, its file and "Processar".
    const queuedBoleto = await insertQueuedBoleto(client.id);
    const photo = await appDb()
      .selectFrom("property_images")
      .select("file_key")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    await use({
      property: property.id,
      ideal: ideal.id,
      listing: listing.id,
      client: client.id,
      contract,
      maintenance,
      ...billingIds,
      queuedBoleto,
      photoKey: photo.file_key,
    });
  },
});

async function cookieHeader(context: BrowserContext) {
  return (await context.cookies(E2E_URL)).map((c) => `${c.name}=${c.value}`).join("; ");
}

for (const identity of ["anonymous", "master"] as const) {
  test(`hostile corpus, ${identity}: no 5xx, no stack, nothing written`, async ({
    rows,
    page,
    newContext,
    signInAs,
  }) => {
    test.setTimeout(300_000);
    let cookie = "";
    if (identity === "master") {
      const context = await newContext();
      await signInAs("master", context);
      cookie = await cookieHeader(context);
    }
    const withCookie = (c: Case): Case =>
      cookie && !c.req.headers?.Cookie ? { ...c, req: { ...c.req, headers: { ...c.req.headers, Cookie: cookie } } } : c;

    // Forms come from each page as this identity sees it (one per action and
    // field set: the fifty delete buttons of a list are one form).
    await page.goto("/robots.txt");
    const urls = routeUrls(rows);
    const forms = new Map<string, HarvestedForm>();
    for (const { url } of urls) {
      const res = await sendRaw(E2E_URL, { path: url, headers: cookie ? { Cookie: cookie } : {} });
      if (res.status !== 200 || !String(res.headers["content-type"]).includes("text/html")) continue;
      for (const form of await harvestForms(page, res.body, url)) {
        const key = `${form.action.split("?")[0]} ${form.multipart} ${form.fields
          .map((f) => f.name)
          .sort()
          .join(",")}`;
        if (!forms.has(key)) forms.set(key, form);
      }
    }

    let cases: Case[] = [
      ...ISSUE_CASES,
      ...urls.flatMap(({ url, leaf }) => routeCases(url, leaf)),
      ...[...forms.values()].flatMap(formCases),
    ];
    if (cookie) {
      // The session cookie with its signature broken: an anonymous visitor.
      const tampered = cookie.replace(
        /__session=([^;]*?)(.)(;|$)/,
        (_m, v: string, last: string, end: string) => `__session=${v}${last === "A" ? "B" : "A"}${end}`,
      );
      cases.push(
        ...urls.map(({ url }) => ({
          name: "tampered session cookie",
          req: { path: url, headers: { Cookie: tampered } },
        })),
      );
    }
    const target = (c: Case) => c.req.path.split("?")[0].replace(/(\/_)?\.data$/, "");
    if (identity === "master") cases = cases.filter((c) => !(c.reachesAction && ACCEPTS_ANY_BODY.has(target(c))));
    cases = cases.map(withCookie);
    expect(cases.length).toBeGreaterThanOrEqual(200);
    if (identity === "master") expect(forms.size, "the signed-in pages' forms were found").toBeGreaterThanOrEqual(8);

    const before = await fingerprint();
    const problems: string[] = [];
    await pool(cases, 4, async (c) => {
      problems.push(...judge(identity, c, await sendRaw(E2E_URL, c.req)));
    });
    expect(problems).toEqual([]);
    expect(await fingerprint()).toEqual(before);

    // Still signed in: nothing above ended the session.
    if (identity === "master") {
      const res = await sendRaw(E2E_URL, { path: "/admin/dashboard", headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
    }
  });
}

// Every upload field and the message its form answers a file of the wrong
// type with. A new upload form must join this list (the test finds them all).
const UPLOAD_FORMS: {
  action: RegExp;
  message: string;
  // A form whose file limit is below the ZIP bomb's 510 KB says so instead.
  bombMessage?: string;
  fields?: (rows: Rows) => Record<string, string>;
}[] = [
  // Índices (issue 22): the SGS CSV, at most 200 KB.
  {
    action: /^\/admin\/indices$/,
    message: "O arquivo não é um CSV exportado do SGS.",
    bombMessage: "Arquivo grande demais (até 200 KB).",
    fields: () => ({ index: "IPCA" }),
  },
  { action: /^\/admin\/properties\/(new|\d+\/edit)/, message: "Apenas imagens JPG, PNG ou WEBP de até 5 MB." },
  // Importar extrato (issues 20, 35): a ZIP or OLE file is neither OFX nor CNAB 240 or 400.
  {
    action: /^\/admin\/extratos$/,
    message: "O arquivo não é um extrato OFX nem um arquivo de retorno CNAB 240 ou CNAB 400.",
  },
  { action: /^\/admin\/banners\/banner-\d/, message: "Formato não suportado. Envie uma imagem JPEG, PNG ou WebP." },
  {
    action: /^\/admin\/clients\/contratos\/novo/,
    message: "Formato não aceito. Envie um arquivo PDF, DOC ou DOCX.",
    fields: (r) => ({ client_id: String(r.client) }),
  },
  {
    action: /^\/admin\/clients\/manutencoes\/documentos\/novo/,
    message: "Formato não aceito. Envie um arquivo PDF, DOC, DOCX, JPG ou PNG.",
    fields: (r) => ({ request_id: String(r.maintenance) }),
  },
  {
    action: /^\/admin\/clients\/cobrancas\/boleto/,
    message: "Tipo de arquivo não suportado. Envie o boleto em PDF, JPG ou PNG.",
    fields: (r) => ({ client_id: String(r.client) }),
  },
  { action: /^\/client-area/, message: "Apenas imagens de até 5MB são permitidas." },
  // An inspection's meter photos ("Enviar foto do medidor") and its items' photos (issue 23).
  {
    action: /^\/admin\/vistorias\/\d+(\/comodos\/\d+)?$/,
    message: "Apenas fotos JPG, PNG, WEBP ou HEIC de até 10 MB.",
  },
];

// The probe's files: a 510 KB ZIP whose [Content_Types].xml is 500 MB of
// spaces (file-type 21.0 inflated it on the main thread: a 10 s freeze, 1.3 GB
// kept, or a 500), and an installer, an OLE file like a .doc.
test("every upload field refuses a ZIP bomb and an OLE file with its form's message, and writes nothing", async ({
  rows,
  page,
  newContext,
  signInAs,
  signInClient,
}) => {
  test.setTimeout(120_000);
  const bomb = await zipBomb(500);
  const installer = msiFile();
  const staff = await newContext();
  const master = await signInAs("master", staff);
  const tenant = await newContext();
  await signInClient({ id: rows.client }, tenant);
  // A draft inspection with a room: its meters' and items' photo forms (gone with the client).
  const inspection = (await createInspection(
    appDb(),
    { client_id: rows.client, kind: "entrada", date: "2099-10-01" },
    master,
  ))!;
  const room = await addRoom(appDb(), inspection, "Sala", master);
  if (room.outcome !== "ok") throw new Error(room.outcome);
  const pages: [string, BrowserContext][] = [
    ["/admin/properties/new", staff],
    [`/admin/properties/${rows.property}/edit`, staff],
    ["/admin/banners/banner-2", staff],
    ["/admin/clients/contratos/novo", staff],
    ["/admin/clients/manutencoes/documentos/novo", staff],
    ["/admin/clients/cobrancas/boleto", staff],
    ["/admin/extratos", staff],
    ["/admin/indices", staff],
    [`/admin/vistorias/${inspection}`, staff],
    [`/admin/vistorias/${inspection}/comodos/${room.roomId}`, staff],
    ["/client-area?tab=manutencao", tenant],
  ];
  // Every upload form of every page, as its user sees it, must be in the list.
  const uploads: { form: HarvestedForm; cookie: string }[] = [];
  for (const { url } of routeUrls(rows)) {
    for (const context of [staff, tenant]) {
      const res = await sendRaw(E2E_URL, { path: url, headers: { Cookie: await cookieHeader(context) } });
      if (res.status !== 200 || !String(res.headers["content-type"]).includes("text/html")) continue;
      for (const form of await harvestForms(page, res.body, url)) {
        if (form.fields.some((f) => f.file))
          expect(
            UPLOAD_FORMS.some((u) => u.action.test(form.action)),
            `upload form ${form.action} is listed`,
          ).toBe(true);
      }
    }
  }
  for (const [url, context] of pages) {
    const cookie = await cookieHeader(context);
    const res = await sendRaw(E2E_URL, { path: url, headers: { Cookie: cookie } });
    const forms = (await harvestForms(page, res.body, url)).filter((f) => f.fields.some((field) => field.file));
    expect(forms.length, `an upload form on ${url}`).toBeGreaterThan(0);
    for (const form of forms) uploads.push({ form, cookie });
  }

  const before = await fingerprint();
  for (const { form, cookie } of uploads) {
    const known = UPLOAD_FORMS.find((u) => u.action.test(form.action))!;
    const values = {
      ...Object.fromEntries(form.fields.filter((f) => !f.file).map((f) => [f.name, f.value])),
      ...known.fields?.(rows),
    };
    for (const fileField of new Set(form.fields.filter((f) => f.file).map((f) => f.name))) {
      for (const [filename, data] of [
        ["foto.jpg", bomb],
        ["contrato.docx", bomb],
        ["setup.doc", installer],
      ] as const) {
        const boundary = `----upload${randomBytes(6).toString("hex")}`;
        const body = multipartBody(boundary, Object.entries(values), [
          { name: fileField, filename, type: "application/octet-stream", data },
        ]);
        const res = await sendRaw(E2E_URL, {
          method: "POST",
          path: form.action,
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: E2E_URL, Cookie: cookie },
          body,
        });
        const where = `${form.action} ${fileField}=${filename}`;
        expect(res.status, where).toBe(400);
        expect(res.body, where).toContain(data === bomb ? (known.bombMessage ?? known.message) : known.message);
      }
    }
  }
  expect(await fingerprint()).toEqual(before);
  // Still answering, at once.
  expect((await sendRaw(E2E_URL, { path: "/healthz" })).status).toBe(200);
});

// Amounts past R$ 10.000.000,00 (the probe typed 90.071.992.547.409,91) are
// a field error on every rental form that takes one, with the typed value kept.
test("absurd rental amounts are refused beside their field, and nothing is written", async ({
  rows,
  newContext,
  signInAs,
}) => {
  const staff = await newContext();
  await signInAs("master", staff);
  const cookie = await cookieHeader(staff);
  const before = await fingerprint();
  const posts: [string, Record<string, string>][] = [
    [
      "/admin/clients/cobrancas/nova",
      {
        client_id: String(rows.client),
        month_year: "2099-07",
        amount: "90.071.992.547.409,91",
        due_date: "2099-07-05",
      },
    ],
    [
      "/admin/clients/cobrancas/nova",
      { client_id: String(rows.client), month_year: "2099-07", amount: "10.000.000,01", due_date: "2099-07-05" },
    ],
    [
      `/admin/clients/${rows.client}/edit`,
      { name: "Inquilino Hostil", email: "hostil@teste.com.br", monthly_rent: "90.071.992.547.409,91" },
    ],
  ];
  for (const [path, form] of posts) {
    const res = await sendRaw(E2E_URL, {
      method: "POST",
      path,
      headers: { "Content-Type": FORM, Origin: E2E_URL, Cookie: cookie },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status, path).toBe(400);
    expect(res.body, path).toContain("Informe um valor de até R$ 10.000.000,00.");
    expect(res.body, path).toContain(form.amount ?? form.monthly_rent);
  }
  expect(await fingerprint()).toEqual(before);
});

// A post answered without reading its body (here the guard's redirect of a
// visitor not signed in) leaves the connection usable: the next request on
// it is answered. The probe's 200 KB post was followed by a reset.
test("keep-alive survives a post whose body was never read", async () => {
  const body = `nome=${"a".repeat(200 * 1024)}`;
  const socket = net.connect(Number(new URL(E2E_URL).port), "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.on("error", () => {});
  const host = new URL(E2E_URL).host;
  socket.write(
    `POST /admin/clients HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${E2E_URL}\r\nContent-Type: ${FORM}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body);
  await expect.poll(() => /^HTTP\/1\.1 302/m.test(received)).toBe(true);
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  await closed;
  expect(received.match(/^HTTP\/1\.1 \d+/gm)).toEqual(["HTTP/1.1 302", "HTTP/1.1 200"]);
  const redirect = received.slice(0, received.indexOf("\r\n\r\n"));
  expect(redirect).toMatch(/^cache-control: private, no-store$/im);
});

test("/healthz reads and writes the database", async () => {
  const res = await sendRaw(E2E_URL, { path: "/healthz" });
  expect(res.status).toBe(200);
  expect(res.body).toBe("ok");
  expect(res.headers["cache-control"]).toBe("no-store");
});

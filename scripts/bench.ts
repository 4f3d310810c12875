// npm run bench: the issue's measurement targets, each printed with its
// figure and "atingida"/"não atingida", then a summary of them all:
// - throughput and latency of the production server (autocannon, 50
//   connections) for a static file, public pages from the page cache, and
//   pages rendered for each request: public ones, and back-office ones signed
//   in as staff (a real sign-in through the login form), and the client
//   area's Cobrança tab of a tenant with 60 billings, signed in as that tenant
//   through /client-login (scripts/lib/bench-tenant.ts);
// - a mixed scenario (scripts/lib/mixed-load.ts): 100 connections of visitors
//   browsing and sending the site's forms, staff browsing the back office and
//   saving a property every 5 s; p99 over every request, errors by kind, and
//   the share of anonymous pages answered by the page cache;
// - gzipped JavaScript per public page; text search over 10,000 properties.
// - pages for people signed in at 20 connections (issue 24): the client
//   area's Cobrança tab, /admin/clients, /admin/properties, p99 < 100 ms at a
//   busy hour's pace (20 people, a page every 500 ms each), then back to back for
//   the server's CPU per page beside a minimal page and a resource route;
// `-- --busca`: search only (no server); `-- --misto`: the mixed scenario only;
// `-- --conectados`: the signed-in pages only.
// Quick runs: BENCH_SECONDS=2 BENCH_MIXED_SECONDS=5 (0 skips the scenario).
import { gzipSync } from "node:zlib";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import autocannon from "autocannon";
import { CATEGORIES } from "#app/models/properties/options";
import { cents } from "#app/models/shared/money";
import { startProductionServer } from "./lib/prod-server";
import { KINDS, ERROR_KINDS, percentile, runMixedScenario, type MixedResult } from "./lib/mixed-load";
import { createStaffUser, saveProperty, signIn } from "./lib/staff-session";
import { createBenchTenant, signInTenant } from "./lib/tenant-session";
import { Goals, verdict } from "./lib/targets";
import { busyHour } from "./lib/busy-hour";
import { serverCpuMs } from "./lib/server-cpu";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const CONNECTIONS = 50;

// Targets (the issue's numbers).
const CACHED_SHARE = 0.4; // cached page: at least 40% of the static file's req/s
const RENDERED_SHARE = 0.15; // rendered page: at least 15% of it...
const RENDERED_P99_MS = 250; // ...and p99 under 250 ms
const JS_MAX_KB = 130;
const SEARCH_MAX_MS = 20;
// Issue 24: pages for people signed in, at a busy hour's 20 connections
// ("a realistic busy hour, not saturation"): 20 people, each asking a page
// every 500 ms on average (scripts/lib/busy-hour.ts), several times busier
// than a person who reads the page. The same pages back to back
// (saturation) give the CPU per page, without a goal.
const SIGNED_IN = { connections: 20, thinkMs: 500, p99Ms: 100 };
const MIXED = { connections: 100, staffConnections: 5, postEvery: 10, saveEverySeconds: 5, p99Ms: 150 };

const goals = new Goals();

async function measure(url: string, headers?: Record<string, string>) {
  // A short warm-up first (JIT, the page cache, SQLite's page cache), so the
  // first row is not measured cold against warm ones.
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(2, DURATION), headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function pageJavaScript(base: string, pathname: string) {
  const html = await (await fetch(base + pathname)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g))
    srcs.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import \* as route\d+ from "([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import "([^"]+\.js)"/g)) srcs.add(m[1]);
  let total = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return { files: srcs.size, kb: total / 1024 };
}

async function searchBenchmark() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-search-"));
  const { openDatabase } = await import("#app/db/db.server");
  const { migrateToLatest } = await import("#app/db/migrate.server");
  const { searchProperties } = await import("#app/models/properties/properties.server");
  const { parseFilter, parsePage, parseSort } = await import("#app/models/properties/filters");
  const { insertProperty } = await import("#app/models/properties/admin/property-admin.server");
  const { NEIGHBORHOODS, FILTER_TYPES, CATEGORIES } = await import("#app/models/properties/options");
  const db = openDatabase(path.join(dir, "search.db"));
  await migrateToLatest(db);
  const now = Date.now();
  // The app's own insert (code, search_text), all rows in one transaction.
  await db.transaction().execute(async (trx) => {
    for (let i = 1; i <= 10_000; i++) {
      await insertProperty(trx, {
        name: `Imóvel ${i} ${["Residencial Paineiras", "Casa Térrea", "Sobrado Moderno", "Sala Comercial", "Lote Plano"][i % 5]}`,
        type: FILTER_TYPES[i % FILTER_TYPES.length],
        location: `Rua ${i}, ${i % 900} - ${NEIGHBORHOODS[i % NEIGHBORHOODS.length]}, Três Lagoas - MS`,
        status: "ready",
        category: CATEGORIES[i % CATEGORIES.length].name,
        // Varied, so the minimums and the orders have work to do.
        price: i % 7 === 0 ? null : cents(100_000_00 + (i % 100) * 10_000_00),
        area: 40 + (i % 400),
        bedrooms: i % 5,
        suites: 1,
        bathrooms: 1,
        parking_spaces: i % 4,
        description: null,
        featured: i % 10 === 0,
        standard: "MEDIO PADRÃO",
        is_exclusive: false,
        advertised_for: "COMPRA",
        property_code: i,
        created_at: new Date(now - i * 60_000).toISOString(),
      });
    }
  });
  const queries = ["paineiras", "PORTAL DAS ÁGUAS", "#0100", "sobrado", "inexistente xyz", "rua 9999"];
  const results: { query: string; ms: number; total: number }[] = [];
  for (const q of queries) {
    await searchProperties(db, { kind: "search", text: q }, 1); // warm
    const runs = 20;
    const t0 = performance.now();
    let total = 0;
    for (let i = 0; i < runs; i++) total = (await searchProperties(db, { kind: "search", text: q }, 1)).total;
    results.push({ query: q, ms: (performance.now() - t0) / runs, total });
  }
  // The /imoveis form (issue 11): filters, minimums and an order, as URLs.
  const urls = [
    "sort=menor-preco",
    "type=Casa&sort=maior-preco",
    "neighborhood=Centro&bedrooms=2&parking=1&sort=menor-preco",
    "priceRange=300k-600k&advertised_for=COMPRA&sort=maior-area",
    "bedrooms=4&parking=3&sort=maior-area&page=50",
    "search=paineiras&sort=menor-preco",
  ];
  for (const qs of urls) {
    const params = new URLSearchParams(qs);
    const run = () => searchProperties(db, parseFilter(params), parsePage(params), parseSort(params));
    await run(); // warm
    const runs = 20;
    const t0 = performance.now();
    let total = 0;
    for (let i = 0; i < runs; i++) total = (await run()).total;
    results.push({ query: `?${qs}`, ms: (performance.now() - t0) / runs, total });
  }
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  return results;
}

// Another server on the port would answer the health check in our server's
// place (and the benchmark would measure it): refuse to start instead.
async function assertPortFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`a porta ${port} já está em uso por outro processo: escolha outra com BENCH_PORT`)
          : error,
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

// The property pages listed on the first page of /imoveis.
async function propertyPaths(base: string) {
  const html = await (await fetch(`${base}/imoveis`)).text();
  const paths = [...new Set([...html.matchAll(/href="(\/imoveis\/\d+)"/g)].map((m) => m[1]))];
  if (!paths.length) throw new Error("nenhum imóvel na listagem");
  return paths;
}

// Each URL must answer 200 as asked, so no row measures a redirect or an error page.
async function assertPages(base: string, targets: readonly { path: string; headers?: Record<string, string> }[]) {
  for (const t of targets) {
    const res = await fetch(base + t.path, { headers: t.headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(
        `GET ${t.path}: status ${res.status} (esperado 200)${res.headers.get("location") ? ` -> ${res.headers.get("location")}` : ""}`,
      );
  }
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

// The signed-in pages at SIGNED_IN.connections: latency at a busy hour's
// pace, then back to back (saturation) for the server's CPU per answered
// page. The profile page (a small form in the back office's layout) and
// robots.txt (a React Router resource route, nothing rendered) show how much
// of a page's CPU is fixed per request.
async function signedInBenchmarks(base: string, pid: number, session: string, tenantSession: string) {
  const rows = [
    { name: "área do cliente, 60 cobranças", path: "/client-area?tab=cobranca", cookie: tenantSession, goal: true },
    { name: "/admin/clients (equipe)", path: "/admin/clients", cookie: session, goal: true },
    { name: "/admin/properties (equipe)", path: "/admin/properties", cookie: session, goal: true },
    { name: "/admin/perfil (página mínima)", path: "/admin/perfil", cookie: session, goal: false },
    { name: "/robots.txt (sem renderizar)", path: "/robots.txt", cookie: session, goal: false },
  ];
  await assertPages(
    base,
    rows.map((r) => ({ path: r.path, headers: { cookie: r.cookie } })),
  );
  const { connections, thinkMs, p99Ms } = SIGNED_IN;
  const columns = (last: string) =>
    console.log("alvo".padEnd(36), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), `  ${last}`);
  const line = (name: string, perSecond: number, p50: number, p99: number, last: string) =>
    console.log(
      name.padEnd(36),
      perSecond.toFixed(0).padStart(8),
      String(p50).padStart(8),
      String(p99).padStart(8),
      `  ${last}`,
    );

  console.log(
    `Páginas de quem está conectado, hora de movimento: ${connections} pessoas, cada uma pedindo uma página a cada ${thinkMs} ms em média, ${DURATION} s por alvo`,
  );
  columns("meta");
  for (const r of rows.filter((row) => row.goal)) {
    const options = { url: base + r.path, cookie: r.cookie, people: connections, thinkMs };
    await busyHour({ ...options, seconds: Math.min(2, DURATION) });
    const result = await busyHour({ ...options, seconds: DURATION });
    const label = `${r.name}, ${connections} pessoas, uma página a cada ${thinkMs} ms: p99 < ${p99Ms} ms`;
    const outcome = goals.add(label, `${result.p99} ms`, result.p99 < p99Ms && result.errors === 0);
    const errors = result.errors ? ` (${result.errors} erros)` : "";
    line(r.name, result.perSecond, result.p50, result.p99, `p99 < ${p99Ms} ms: ${outcome}${errors}`);
  }
  console.log("");

  console.log(`As mesmas páginas sem pausa (saturação): ${connections} conexões, ${DURATION} s por alvo`);
  columns("CPU/pedido");
  for (const r of rows) {
    const options = { url: base + r.path, connections, headers: { cookie: r.cookie } };
    await autocannon({ ...options, duration: Math.min(2, DURATION) });
    const cpuBefore = serverCpuMs(pid);
    const result = await autocannon({ ...options, duration: DURATION });
    const cpu = (serverCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
    line(r.name, result.requests.average, result.latency.p50, result.latency.p99, `${cpu.toFixed(1)} ms`);
  }
  console.log("");
}

async function pageBenchmarks(base: string, session: string, tenantSession: string, properties: string[]) {
  const propertyPath = properties[0];

  // A session cookie bypasses the page cache (docs/decisions/0005-page-cache.md),
  // so the "renderizado" rows measure React rendering itself; "__session=bench"
  // is no valid session, so the public pages render as for a visitor.
  const rendered = { cookie: "__session=bench" };
  const signedIn = { cookie: session };
  type Row = { name: string; path: string; headers?: Record<string, string>; kind: "static" | "cached" | "rendered" };
  const targets: Row[] = [
    { name: "arquivo estático (/favicon.svg)", path: "/favicon.svg", kind: "static" },
    { name: "/", path: "/", kind: "cached" },
    { name: "/imoveis", path: "/imoveis", kind: "cached" },
    { name: `imóvel (${propertyPath})`, path: propertyPath, kind: "cached" },
    { name: "/ (renderizado, sem cache)", path: "/", headers: rendered, kind: "rendered" },
    { name: "/imoveis (renderizado, sem cache)", path: "/imoveis", headers: rendered, kind: "rendered" },
    { name: "imóvel (renderizado, sem cache)", path: propertyPath, headers: rendered, kind: "rendered" },
    { name: "/admin/properties (equipe)", path: "/admin/properties", headers: signedIn, kind: "rendered" },
    { name: "/admin/dashboard (equipe)", path: "/admin/dashboard", headers: signedIn, kind: "rendered" },
    {
      name: "área do cliente, 60 cobranças",
      path: "/client-area?tab=cobranca",
      headers: { cookie: tenantSession },
      kind: "rendered",
    },
  ];
  await assertPages(base, targets);

  console.log(`autocannon: ${CONNECTIONS} conexões, ${DURATION} s por alvo, ${os.cpus().length} núcleos\n`);
  const rows: (Row & { rps: number; p50: number; p99: number; errors: number })[] = [];
  for (const t of targets) rows.push({ ...t, ...(await measure(base + t.path, t.headers)) });
  const staticRps = rows[0].rps;
  console.log(
    "alvo".padEnd(36),
    "req/s".padStart(8),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "razão".padStart(8),
    "erros".padStart(6),
    "  meta",
  );
  for (const r of rows) {
    const share = r.rps / staticRps;
    let goal = "";
    if (r.kind === "cached") {
      goal = `>= ${pct(CACHED_SHARE)}: ${goals.add(`${r.name}, com cache: >= ${pct(CACHED_SHARE)} do estático`, pct(share), share >= CACHED_SHARE)}`;
    } else if (r.kind === "rendered") {
      const met = share >= RENDERED_SHARE && r.p99 < RENDERED_P99_MS;
      goal = `>= ${pct(RENDERED_SHARE)} e p99 < ${RENDERED_P99_MS} ms: ${goals.add(
        `${r.name}: >= ${pct(RENDERED_SHARE)} do estático, p99 < ${RENDERED_P99_MS} ms`,
        `${pct(share)}, p99 ${r.p99} ms`,
        met,
      )}`;
    }
    console.log(
      r.name.padEnd(36),
      r.rps.toFixed(0).padStart(8),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      pct(share).padStart(8),
      String(r.errors).padStart(6),
      ` ${goal}`,
    );
  }
  console.log(`\nmetas: páginas com cache (visitantes anônimos) >= ${pct(CACHED_SHARE)} do arquivo estático;`);
  console.log(
    `       páginas renderizadas a cada pedido >= ${pct(RENDERED_SHARE)} do arquivo estático e p99 < ${RENDERED_P99_MS} ms\n`,
  );

  console.log("JavaScript por página (gzip):");
  let largest = { page: "", kb: 0 };
  for (const p of ["/", "/imoveis", propertyPath, "/anunciar-imovel", "/simulador"]) {
    const js = await pageJavaScript(base, p);
    if (js.kb > largest.kb) largest = { page: p, kb: js.kb };
    console.log(
      `  ${p.padEnd(24)} ${js.kb.toFixed(1).padStart(7)} KB em ${js.files} arquivos  ${verdict(js.kb <= JS_MAX_KB)}`,
    );
  }
  console.log(`meta: no máximo ${JS_MAX_KB} KB\n`);
  goals.add(
    `JavaScript por página pública <= ${JS_MAX_KB} KB (gzip)`,
    `${largest.kb.toFixed(1)} KB (${largest.page})`,
    largest.kb <= JS_MAX_KB,
  );
}

async function mixedScenario(
  server: Awaited<ReturnType<typeof startProductionServer>>,
  session: string,
  properties: string[],
) {
  // Visitors' pages, drawn at random: a path listed twice comes twice as often.
  const publicPaths = [
    ...["/", "/", "/", "/"],
    ...["/imoveis", "/imoveis", "/imoveis"],
    "/imoveis?type=Casa",
    "/imoveis?neighborhood=Jardim+Alvorada&sort=menor-preco",
    "/imoveis?priceRange=300k-600k&advertised_for=COMPRA",
    "/imoveis?bedrooms=2&parking=1",
    "/imoveis?search=paineiras",
    "/imoveis?page=2",
    ...properties,
    "/empreendimentos",
    "/destaques",
    CATEGORIES[0].path,
    "/sobre-nos",
    "/contato",
    "/anunciar-imovel",
    "/simulador",
  ];
  const staffPaths = ["/admin/dashboard", "/admin/properties", "/admin/requests"];
  await assertPages(
    server.url,
    [...new Set(publicPaths)].map((path) => ({ path })),
  );
  await assertPages(
    server.url,
    staffPaths.map((path) => ({ path, headers: { cookie: session } })),
  );
  const saveIds = properties.slice(0, 3).map((p) => Number(p.split("/").pop()));
  // One save before measuring: a form the server refuses stops the benchmark here.
  const trial = await saveProperty(server.url, session, saveIds[0]);
  if (!trial.ok) throw new Error(`a equipe não conseguiu salvar o imóvel ${saveIds[0]}: ${trial.detail}`);

  const staffSeats = MIXED.staffConnections;
  console.log(
    `Cenário misto: ${MIXED.connections} conexões por ${MIXED_SECONDS} s: ${MIXED.connections - staffSeats} de visitantes ` +
      `(1 pedido em ${MIXED.postEvery} é um formulário), ${staffSeats} da equipe no painel, um imóvel salvo a cada ${MIXED.saveEverySeconds} s`,
  );
  const result = await runMixedScenario({
    base: server.url,
    databasePath: server.databasePath,
    seconds: MIXED_SECONDS,
    ...MIXED,
    publicPaths,
    // "Tenho interesse" of three properties, the home page's form and /anunciar-imovel.
    postPages: [...properties.slice(0, 3), "/", "/anunciar-imovel"],
    staffPaths,
    saveIds,
    cookie: session,
  });
  printMixed(result);
  if (result.saveFailures.length) {
    throw new Error(`a equipe não conseguiu salvar ${result.saveFailures.length} vez(es): ${result.saveFailures[0]}`);
  }
}

function printMixed(r: MixedResult) {
  const all = Object.values(r.kinds).flatMap((k) => k.latencies);
  const ms = (values: number[], q: number) => (values.length ? percentile(values, q).toFixed(0) : "-");
  console.log(
    `  ${"pedidos".padEnd(28)} ${"total".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"erros".padStart(6)}`,
  );
  for (const [kind, label] of Object.entries(KINDS) as [keyof typeof KINDS, string][]) {
    const k = r.kinds[kind];
    console.log(
      `  ${label.padEnd(28)} ${String(k.latencies.length).padStart(7)} ${ms(k.latencies, 0.5).padStart(8)} ${ms(k.latencies, 0.99).padStart(8)} ${String(k.errors).padStart(6)}`,
    );
  }
  const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0);
  console.log(
    `  ${"todos".padEnd(28)} ${String(all.length).padStart(7)} ${ms(all, 0.5).padStart(8)} ${ms(all, 0.99).padStart(8)} ${String(errorCount).padStart(6)}`,
  );
  console.log(
    `  vazão: ${((all.length - r.unanswered - r.errors.timeout) / r.seconds).toFixed(0)} req/s (respostas por segundo)`,
  );
  console.log(
    `  sem resposta: ${r.errors.timeout} após ${r.timeoutSeconds} s (contados com ${r.timeoutSeconds} s), ${r.unanswered} ainda esperando ao fim da rodada (contados com o tempo que esperaram)`,
  );
  console.log(
    `  erros: ${Object.entries(ERROR_KINDS)
      .map(([key, label]) => `${label} ${r.errors[key as keyof typeof ERROR_KINDS]}`)
      .join(", ")}`,
  );
  console.log(
    `  formulários de visitantes enviados: ${r.postsAccepted} (gravados no banco: ${r.postsStored}); imóveis salvos pela equipe: ${r.saves}`,
  );
  const cacheable = r.cache.hit + r.cache.shared + r.cache.miss;
  const hitShare = cacheable ? (r.cache.hit + r.cache.shared) / cacheable : 0;
  console.log(
    `  páginas de visitantes (GET 200) servidas do cache: ${pct(hitShare)} (hit ${r.cache.hit}, render compartilhado ${r.cache.shared}, miss ${r.cache.miss}${r.cache.none ? `, sem X-Page-Cache ${r.cache.none}` : ""})`,
  );
  const p99 = percentile(all, 0.99);
  console.log(
    `  meta p99 < ${MIXED.p99Ms} ms: ${goals.add(`cenário misto: p99 < ${MIXED.p99Ms} ms (todos os pedidos)`, `${p99.toFixed(0)} ms`, p99 < MIXED.p99Ms)}`,
  );
  console.log(`  meta 0 erros: ${goals.add("cenário misto: 0 erros", String(errorCount), errorCount === 0)}`);
  goals.add("cenário misto: GET de visitantes servidos do cache", pct(hitShare), null);
  console.log("");
}

// `npm run bench -- --busca`: only the search timings (no server, no build needed).
// `npm run bench -- --misto`: only the mixed scenario.
const searchOnly = process.argv.includes("--busca");
const mixedOnly = process.argv.includes("--misto");
const signedInOnly = process.argv.includes("--conectados");
if (!searchOnly) {
  await assertPortFree(PORT);
  const server = await startProductionServer(PORT);
  try {
    // A staff member of the bench database, signed in through the login form.
    const session = await signIn(server.url, createStaffUser(server.env));
    const properties = await propertyPaths(server.url);
    if (!mixedOnly) {
      // A tenant with 60 billings (some paid, some late, the newest with a boleto), signed in through /client-login.
      const tenantSession = await signInTenant(server.url, createBenchTenant(server.env));
      if (!signedInOnly) await pageBenchmarks(server.url, session, tenantSession, properties);
      await signedInBenchmarks(server.url, server.pid, session, tenantSession);
    }
    // Last: its posts and saves write to the database, which empties the page cache.
    if (MIXED_SECONDS > 0 && !signedInOnly) await mixedScenario(server, session, properties);
  } finally {
    server.stop();
  }
}

if (!mixedOnly && !signedInOnly) {
  console.log("Busca em 10.000 imóveis (média de 20 execuções):");
  let slowest = { query: "", ms: 0 };
  for (const r of await searchBenchmark()) {
    if (r.ms > slowest.ms) slowest = r;
    console.log(
      `  ${JSON.stringify(r.query).padEnd(64)} ${r.ms.toFixed(2).padStart(7)} ms  (${r.total} resultados)  ${verdict(r.ms < SEARCH_MAX_MS)}`,
    );
  }
  console.log(`meta: abaixo de ${SEARCH_MAX_MS} ms por busca`);
  goals.add(`busca < ${SEARCH_MAX_MS} ms`, `${slowest.ms.toFixed(2)} ms (a mais lenta)`, slowest.ms < SEARCH_MAX_MS);
}

goals.print();

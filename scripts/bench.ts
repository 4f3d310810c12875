// npm run bench: throughput and latency of the production server (autocannon,
// 50 connections) for a static file, /, /imoveis and a property page; gzipped
// JavaScript per public page; and text search over 10,000 properties.
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import autocannon from "autocannon";
import { firstPropertyPath, startProductionServer } from "./lib/prod-server";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function measure(url: string, headers?: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function pageJavaScript(base: string, pathname: string) {
  const html = await (await fetch(base + pathname)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) srcs.add(m[1]);
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
        price: i % 7 === 0 ? null : 100_000_00 + (i % 100) * 10_000_00,
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

// `npm run bench -- --busca`: only the search timings (no server, no build needed).
const searchOnly = process.argv.includes("--busca");
const server = searchOnly ? null : await startProductionServer(Number(process.env.BENCH_PORT ?? 3300));
if (server)
  try {
    const propertyPath = await firstPropertyPath(server.url);
    // A session cookie bypasses the page cache (docs/decisions/0005-page-cache.md),
    // so the "renderizado" rows measure React rendering itself.
    const rendered = { cookie: "__session=bench" };
    const targets = [
      ["arquivo estático (/favicon.svg)", "/favicon.svg", undefined],
      ["/", "/", undefined],
      ["/imoveis", "/imoveis", undefined],
      [`imóvel (${propertyPath})`, propertyPath, undefined],
      ["/ (renderizado, sem cache)", "/", rendered],
      ["/imoveis (renderizado, sem cache)", "/imoveis", rendered],
      ["imóvel (renderizado, sem cache)", propertyPath, rendered],
    ] as const;
    console.log(`autocannon: ${CONNECTIONS} conexões, ${DURATION} s por alvo, ${os.cpus().length} núcleos\n`);
    const rows: { name: string; rps: number; p50: number; p99: number; errors: number }[] = [];
    for (const [name, p, headers] of targets) {
      await measure(server.url + p, headers).then((r) => rows.push({ name, ...r }));
    }
    const staticRps = rows[0].rps;
    console.log("alvo".padEnd(36), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "razão".padStart(8), "erros".padStart(6));
    for (const r of rows) {
      console.log(
        r.name.padEnd(36),
        r.rps.toFixed(0).padStart(8),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        `${((r.rps / staticRps) * 100).toFixed(0)}%`.padStart(8),
        String(r.errors).padStart(6),
      );
    }
    console.log("\nmeta: páginas >= 40% do arquivo estático (visitantes anônimos, com o cache de páginas)\n");
    console.log("JavaScript por página (gzip):");
    for (const p of ["/", "/imoveis", propertyPath, "/anunciar-imovel", "/simulador"]) {
      const js = await pageJavaScript(server.url, p);
      console.log(`  ${p.padEnd(24)} ${js.kb.toFixed(1).padStart(7)} KB em ${js.files} arquivos`);
    }
    console.log("meta: no máximo 130 KB\n");
  } finally {
    server.stop();
  }

console.log("Busca em 10.000 imóveis (média de 20 execuções):");
for (const r of await searchBenchmark()) {
  console.log(`  ${JSON.stringify(r.query).padEnd(64)} ${r.ms.toFixed(2).padStart(7)} ms  (${r.total} resultados)`);
}
console.log("meta: abaixo de 20 ms por busca");

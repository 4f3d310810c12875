// npm run audit: Lighthouse 12 (mobile) on /, /imoveis and a property page,
// against the production build, with Debian's Chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { firstPropertyPath, startProductionServer } from "./lib/prod-server";

const server = await startProductionServer(3310);
const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const pages = ["/", "/imoveis", await firstPropertyPath(server.url)];
  console.log("página".padEnd(20), "desempenho", "acessibilidade", "boas práticas", "SEO");
  for (const p of pages) {
    const result = await lighthouse(server.url + p, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse não retornou resultado para ${p}`);
    const c = result.lhr.categories;
    const score = (k: string) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(5);
    console.log(
      p.padEnd(20),
      score("performance").padStart(10),
      score("accessibility").padStart(14),
      score("best-practices").padStart(13),
      score("seo").padStart(4),
    );
    const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? "?";
    console.log(
      `    FCP ${metric("first-contentful-paint")} · LCP ${metric("largest-contentful-paint")} · TBT ${metric("total-blocking-time")} · CLS ${metric("cumulative-layout-shift")} · SI ${metric("speed-index")}`,
    );
    for (const k of ["accessibility", "seo", "best-practices"]) {
      for (const ref of c[k]?.auditRefs ?? []) {
        const a = result.lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
          console.log(`    ${k}: ${a.id} (${a.title})`);
          const items = ((a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []).slice(0, 3);
          for (const item of items) if (item.node?.snippet) console.log(`      ${item.node.snippet.slice(0, 160)}`);
        }
      }
    }
  }
  console.log("metas: desempenho >= 95, acessibilidade 100, boas práticas >= 95, SEO 100");
} finally {
  await chrome.kill();
  server.stop();
}

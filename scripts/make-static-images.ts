// Regenerates the committed static images of public/ (banners, category grid,
// placeholder, link preview, favicon) from the SVG scenes of scripts/lib/scenes.ts.
// Run by hand after changing a scene: `npx tsx scripts/make-static-images.ts`.
// Output is deterministic, so an unchanged scene rewrites identical bytes.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  aerialCitySvg,
  obeliskSquareSvg,
  riverBridgeSvg,
  sceneSvg,
  type PaletteName,
  type SceneKind,
} from "./lib/scenes";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public");

// Size budgets from the brief: the banners are the LCP element of the home page.
const KB = 1024;
type Job = { file: string; render: () => Promise<Buffer>; budget?: number };

const webp = (svg: string, quality: number) => sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();

const banners = [aerialCitySvg, riverBridgeSvg, obeliskSquareSvg];
const categories: Record<string, [SceneKind, PaletteName, number]> = {
  lancamentos: ["launch", "golden", 101],
  "em-obras": ["construction", "morning", 102],
  "imoveis-novos": ["modern-house", "day", 103],
  comerciais: ["storefronts", "teal", 104],
  "imoveis-usados": ["old-house", "golden", 105],
  "areas-terrenos": ["lot", "day", 106],
};

// Decorative only: the <img> that shows it carries the alt text.
const placeholderSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><rect width="800" height="600" fill="#e5e7eb"/><g fill="none" stroke="#9ca3af" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"><path d="M250 300 400 180l150 120"/><path d="M285 275v145h230V275"/><path d="M370 420v-80h60v80"/></g><path d="M200 460h400" stroke="#cbd0d6" stroke-width="8" stroke-linecap="round"/></svg>\n`;

// The logo mark; xmlns is required for a standalone .svg file to render.
const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="10" fill="#0f2a44"/><path d="M10 24 24 12l14 12" fill="none" stroke="#c9a227" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><path d="M15 22v12h18V22" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/><path d="M9 38c4-3 6-3 10 0s6 3 10 0 6-3 10 0" fill="none" stroke="#7fb3e0" stroke-width="2.5" stroke-linecap="round"/></svg>\n`;

const jobs: Job[] = [
  ...banners.flatMap((draw, i) => [
    { file: `banners/banner-${i + 1}.webp`, render: () => webp(draw(1600, 600), 70), budget: 90 * KB },
    { file: `banners/banner-${i + 1}-mobile.webp`, render: () => webp(draw(768, 960), 70), budget: 60 * KB },
  ]),
  ...Object.entries(categories).map(([slug, [kind, palette, seed]]) => ({
    file: `images/categories/${slug}.webp`,
    render: () => webp(sceneSvg(kind, 600, 400, palette, seed), 70),
    budget: 30 * KB,
  })),
  {
    file: "og-default.jpg",
    render: () =>
      sharp(Buffer.from(aerialCitySvg(1200, 630, 7, false)))
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer(),
    budget: 200 * KB,
  },
  { file: "images/placeholder.svg", render: async () => Buffer.from(placeholderSvg) },
  { file: "favicon.svg", render: async () => Buffer.from(faviconSvg) },
];

let overBudget = false;
for (const job of jobs) {
  const target = path.join(publicDir, job.file);
  await mkdir(path.dirname(target), { recursive: true });
  const data = await job.render();
  await writeFile(target, data);
  const over = job.budget !== undefined && data.length > job.budget;
  overBudget ||= over;
  console.log(`${over ? "ACIMA DO LIMITE" : "ok"}  public/${job.file}  ${(data.length / KB).toFixed(1)} KB`);
}
if (overBudget) process.exitCode = 1;

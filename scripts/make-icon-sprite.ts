// npm run icons: writes app/assets/icons.svg, one <symbol> per icon listed in
// app/components/ui/icons.tsx and private-icons.tsx, drawn by lucide-react (a
// dev dependency: the site itself ships no icon code). tests/unit/icon-sprite.test.ts fails when
// the committed sprite differs from what this would write.
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";

export const ICONS_MODULES = ["app/components/ui/icons.tsx", "app/components/ui/private-icons.tsx"];
export const SPRITE_FILE = "app/assets/icons.svg";

// In alphabetical order, whichever module lists them.
export function iconNames(sources = ICONS_MODULES.map((file) => fs.readFileSync(file, "utf8"))) {
  return sources.flatMap((source) => [...source.matchAll(/= icon\("([A-Za-z0-9]+)"\)/g)].map((m) => m[1])).sort();
}

export function buildSprite(names = iconNames()) {
  const symbols = names.map((name) => {
    const component = (lucide as unknown as Record<string, Parameters<typeof createElement>[0]>)[name];
    if (!component) throw new Error(`lucide-react has no icon ${name}`);
    const markup = renderToStaticMarkup(createElement(component));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (!inner) throw new Error(`unexpected markup for ${name}`);
    // lucide's drawing attributes, once here rather than on every <svg> that
    // uses the symbol (the shapes inherit them).
    return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(SPRITE_FILE, buildSprite());
  console.log(`${SPRITE_FILE}: ${iconNames().length} ícones`);
}

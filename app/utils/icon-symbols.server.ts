import sprite from "#app/assets/icons.svg?raw";
import { iconSymbolId } from "./page-icons";

// The sprite's symbols by icon name, with the ids a page's own copy uses
// (app/utils/page-icons.tsx). npm run icons writes each symbol on one line.
export const iconSymbols: ReadonlyMap<string, string> = new Map(
  [...sprite.matchAll(/<symbol id="([A-Za-z0-9]+)"([^>]*>[\s\S]*?<\/symbol>)/g)].map(([, name, rest]) => [
    name,
    `<symbol id="${iconSymbolId(name)}"${rest}`,
  ]),
);

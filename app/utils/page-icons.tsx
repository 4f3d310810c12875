import { createContext, useContext, useMemo } from "react";
import { IconRefsContext, type IconRefs } from "#app/components/ui/icons";
import { usePublicPage } from "./page-scripts";

// A public page's icons point at symbols written into the page itself, not at
// the sprite file (docs/decisions/0050). The sprite is a second request on a
// slow link, and Chromium loads an external <use> target as a whole document
// of its own (~70 symbols) while the page is still loading: one of the
// longest tasks a slow phone ran after its first paint. Only the symbols the
// page draws are written, after everything else in <body>.
//
// The pages of people signed in hydrate: the browser renders them again with
// the sprite file, so they keep it (the file is cached once for all of them).

// Every symbol by icon name, its id already icon-<Name>. Only the server has
// it (entry.server.tsx reads app/assets/icons.svg); in the browser bundle this
// is undefined and icons use the sprite file.
export const IconSymbolsContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export const iconSymbolId = (name: string) => `icon-${name}`;

// The icons rendered so far, until their symbols are written; an icon
// rendered after that (none today: the symbols close <body>) keeps the file
// (no reference given: icons.tsx uses the sprite's address).
export function inlineIcons(symbols: ReadonlyMap<string, string>) {
  const used = new Set<string>();
  let written = false;
  const refs: IconRefs = {
    href(name) {
      if (written || !symbols.has(name)) return undefined;
      used.add(name);
      return `#${iconSymbolId(name)}`;
    },
  };
  const write = () => {
    written = true;
    return [...used].map((name) => symbols.get(name)).join("");
  };
  return { refs, write };
}

export function PageIcons({ children }: { children: React.ReactNode }) {
  const symbols = useContext(IconSymbolsContext);
  const publicPage = usePublicPage();
  const inline = useMemo(() => (symbols && publicPage ? inlineIcons(symbols) : null), [symbols, publicPage]);
  if (!inline) return children;
  return (
    <IconRefsContext value={inline.refs}>
      {children}
      <IconSymbols write={inline.write} />
    </IconRefsContext>
  );
}

// Rendered after the page, so that every icon above has asked for its symbol.
function IconSymbols({ write }: { write: () => string }) {
  const markup = write();
  if (!markup) return null;
  return (
    <svg width="0" height="0" aria-hidden="true" className="absolute" dangerouslySetInnerHTML={{ __html: markup }} />
  );
}

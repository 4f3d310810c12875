import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import stylesheetHref from "#app/styles/app.css?url";

// The site has one stylesheet (Tailwind's build of app/styles/app.css). In
// production it is written into each page's <head> instead of linked: a phone
// on a slow network paints the first visit one round trip earlier, without
// waiting for a render-blocking file that shares the bandwidth with the
// scripts (docs/decisions/0017-inline-stylesheet.md). Only full page loads
// carry it: navigations after hydration fetch data, not documents.
//
// The text exists only on the server (entry.server.tsx reads the built file
// once and provides it here); the browser bundle has just the address. React
// writes <style href precedence> into <head> as a resource, and the browser
// adopts the one already in the document by its href instead of hydrating
// it, so its own empty copy never replaces the text.
export const StylesheetTextContext = createContext<string | undefined>(undefined);

export { stylesheetHref };

// The pages of people signed in (below the back office's and the client
// area's layouts) link it instead: they come back page after page, so the
// file is fetched once and kept (hashed, cached for a year), and each page is
// 60 KB lighter to render, send and compress (docs/decisions/0047).
const SIGNED_IN_LAYOUTS = new Set(["routes/admin/layout", "routes/client/layout"]);

export function Stylesheet() {
  const text = useContext(StylesheetTextContext);
  const signedIn = useMatches().some((m) => SIGNED_IN_LAYOUTS.has(m.id));
  // In development Vite builds and serves the stylesheet on request: a link.
  if (import.meta.env.DEV || signedIn) return <link rel="stylesheet" href={stylesheetHref} precedence="default" />;
  return (
    <style href={stylesheetHref} precedence="default">
      {text ?? ""}
    </style>
  );
}

import { Scripts, ScrollRestoration, useMatches } from "react-router";
import siteScriptHref from "#app/components/site/enhance.ts?worker&url";

// The id React Router gives the public site's layout (app/routes.ts).
export const SITE_LAYOUT_ID = "routes/site/layout";

// A public page: under the site's layout. It is never hydrated.
export const usePublicPage = () => useMatches().some((m) => m.id === SITE_LAYOUT_ID);

// What a page loads after its HTML (docs/decisions/0046-public-pages-without-hydration.md):
// - the public pages never hydrate: React renders them on the server only, and
//   one small script (components/site/enhance.ts, its own bundle: Vite builds a
//   `?worker&url` import as a separate file with a hashed name) adds the
//   slider, the carousel, the lightbox and the other touches to the HTML;
// - the back office, the client area and the login pages hydrate React and
//   navigate on the client, as before.
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  if (usePublicPage())
    // async: the page's parsing ends, and the browser lays it out, without
    // waiting for the script, which runs in a task of its own when it arrives
    // (always after the page above it is parsed, as it closes <body>, and
    // before `load`). A module script without it holds the end of parsing,
    // whose styling and layout then share one long task with the script
    // (docs/decisions/0050). onError keeps React from moving an async script
    // into <head> (its documented opt-out); the page never hydrates, so it
    // never runs.
    return <script type="module" async src={siteScriptHref} nonce={nonce} onError={() => {}} />;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}

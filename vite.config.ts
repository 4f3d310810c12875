import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The site's shared chunk: its components, the UI kit, helpers and config.
// Since docs/decisions/0046 the public pages load none of these chunks (only
// components/site/enhance.ts); the grouping still shapes what the back office
// and the client area download.
const siteModules = /[\\/]app[\\/](components[\\/](site|ui)|utils|config|models[\\/]properties[\\/][a-z-]+\.ts$)/;
// Left out, so that a page does not download code only others use: what one
// page alone uses (the home page's sections and its carousel library, the
// property page's parts, the /imoveis filters and their parsing, the
// simulator's result) stays with that page, and what only the back office
// uses goes with its pages.
const notShared =
  /[\\/]app[\\/](components[\\/]site[\\/](home[\\/]|property[\\/]|property-filters|simulation-result|pagination|listing-page|empty-state)|components[\\/]ui[\\/](auto-submit-select|private-icons)|utils[\\/](local-date|image-rules|format-date|parse-brl)|models[\\/]properties[\\/](describe|filters))/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3000 },
  build: { assetsInlineLimit: 0 },
  // The public pages' script (app/components/site/enhance.ts) is built through
  // a `?worker&url` import: Vite bundles it into a file of its own, loaded as a
  // module script (docs/decisions/0046).
  worker: { format: "es" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Phones on HTTP/1.1 pay a round trip per file: the site's shared
            // components and helpers (the icons among them) go into one chunk
            // instead of ~40 tiny ones.
            codeSplitting: {
              groups: [
                { name: "site", test: (id) => siteModules.test(id) && !notShared.test(id) },
                // The property lists' parts (/imoveis, the category pages,
                // /destaques, /empreendimentos), which the other pages skip.
                {
                  name: "listing",
                  test: /[\\/]app[\\/]components[\\/]site[\\/](pagination|listing-page|empty-state)\.tsx$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});

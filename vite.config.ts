import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

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

// React Router's package points every import at its development build (which
// keeps its warnings on: remix-run/react-router#14102). Browsers get the
// production build, which is the same code with the warnings off, so the
// minifier drops them. The server keeps the package's own choice: there, one
// copy must be shared with @react-router/express, and the warnings cost nothing
// measurable (docs/decisions/0016).
function reactRouterProductionBuild(): Plugin {
  const development = `${path.sep}react-router${path.sep}dist${path.sep}development${path.sep}`;
  const production = `${path.sep}react-router${path.sep}dist${path.sep}production${path.sep}`;
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && source !== "react-router/dom") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: resolved.id.replace(development, production) } : null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionBuild(), tailwindcss(), reactRouter()],
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

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3000 },
  build: { assetsInlineLimit: 0 },
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
                // Components that only one page uses (the property page's parts, the
                // /imoveis filters, the simulator's result) stay with that page, so
                // every other page does not download them.
                {
                  name: "site",
                  test: /[\\/]app[\\/](components[\\/](site[\\/](?!property[\\/]|property-filters|simulation-result)|ui)|utils|config|models[\\/](properties|banners)[\\/][a-z-]+\.ts$)/,
                },
              ],
            },
          },
        },
      },
    },
  },
});

import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { CATEGORIES } from "./models/properties/options";

// One line per URL of the spec. Portuguese URLs, English file names.
export default [
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("imoveis", "routes/site/properties.tsx"),
    route("imoveis/:id", "routes/site/property.tsx"),
    route("empreendimentos", "routes/site/developments.tsx"),
    route("destaques", "routes/site/featured.tsx"),
    ...CATEGORIES.map((c) => route(c.path.slice(1), "routes/site/category.tsx", { id: `category-${c.slug}` })),
    route("categoria/:category", "routes/site/category.tsx", { id: "category-param" }),
    route("anunciar-imovel", "routes/site/listing-request.tsx", { id: "listing-request" }),
    route("anunciar", "routes/site/listing-request.tsx", { id: "listing-request-footer" }),
    route("sobre-nos", "routes/site/about.tsx"),
    route("contato", "routes/site/contact.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;

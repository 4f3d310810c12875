import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { CATEGORIES } from "./models/properties/options";

// One line per URL of the spec. Portuguese URLs, English file names.
export default [
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("admin", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/password-recovery", "routes/admin/password-recovery.tsx", { id: "password-recovery" }),
  route("admin/recuperar-senha", "routes/admin/password-recovery.tsx", { id: "recuperar-senha" }),
  route("admin/password-recovery/:token", "routes/admin/password-reset.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/perfil", "routes/admin/profile.tsx"),
    route("admin/equipe", "routes/admin/staff.tsx"),
    route("admin/auditoria", "routes/admin/audit.tsx"),
    route("admin/properties", "routes/admin/properties/index.tsx"),
    route("admin/properties/new", "routes/admin/properties/new.tsx"),
    route("admin/properties/:id/edit", "routes/admin/properties/edit.tsx"),
    route("admin/banners", "routes/admin/banners/index.tsx"),
    route("admin/banners/:id", "routes/admin/banners/edit.tsx"),
    route("admin/requests", "routes/admin/requests/ideal-list.tsx"),
    route("admin/requests/:id", "routes/admin/requests/ideal-detail.tsx"),
    route("admin/listings", "routes/admin/requests/owner-request-list.tsx"),
    route("admin/listings/:id", "routes/admin/requests/owner-request-detail.tsx"),
    route("admin/*", "routes/site/not-found.tsx", { id: "admin-not-found" }),
  ]),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("imoveis", "routes/site/properties.tsx"),
    route("imoveis/:id", "routes/site/property.tsx"),
    route("empreendimentos", "routes/site/developments.tsx"),
    route("destaques", "routes/site/featured.tsx"),
    ...CATEGORIES.map((c) => route(c.path.slice(1), "routes/site/category.tsx", { id: `category-${c.slug}` })),
    route("categoria/:category", "routes/site/category.tsx", { id: "category-param" }),
    route("anunciar-imovel", "routes/site/owner-request.tsx", { id: "owner-request" }),
    route("anunciar", "routes/site/owner-request.tsx", { id: "owner-request-footer" }),
    route("sobre-nos", "routes/site/about.tsx"),
    route("contato", "routes/site/contact.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;

// Which requests the server-wide limits apply to (server/request-pipeline.ts).
//
// Every rule judges the path React Router will route, never the path as
// written: WHATWG URL parsing (which React Router's adapter applies) turns
// "/admin/properties/%2e%2e/%2e%2e/" into "/", and route matching decodes
// "%79" into "y" and ignores case, a trailing slash and ".data". A request
// whose path is not already in canonical form is refused (checkPath), and the
// rules below receive the decoded, lower-cased route path.

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

// Longer than any URL of the site (a search with every filter is ~300
// characters); Node itself refuses request heads above 16 KB.
const MAX_PATH = 2048;
const MAX_TARGET = 8192;

export type PathCheck = { ok: true; routePath: string } | { ok: false; status: 400 | 414; reason: string };

const refuse = (reason: string, status: 400 | 414 = 400): PathCheck => ({ ok: false, status, reason });

// `target` is the request target exactly as received (req.originalUrl).
export function checkPath(target: string): PathCheck {
  if (!target.startsWith("/")) return refuse("not an origin-form target");
  if (target.length > MAX_TARGET) return refuse("target too long", 414);
  const q = target.indexOf("?");
  const raw = q === -1 ? target : target.slice(0, q);
  if (raw.length > MAX_PATH) return refuse("path too long", 414);
  // Only printable ASCII: a browser percent-encodes everything else.
  if (/[^\x21-\x7e]/.test(raw)) return refuse("raw control, space or non-ASCII byte");
  if (raw.includes("\\")) return refuse("backslash");
  if (/%(?![0-9a-f]{2})/i.test(raw)) return refuse("malformed percent-encoding");
  // Encoded ".", "/", "\" and controls: the URL parser or the router would
  // read them as path structure, so the path would route somewhere else.
  if (/%(2e|2f|5c|[01][0-9a-f]|7f)/i.test(raw)) return refuse("encoded dot, slash, backslash or control");
  // Encoded letters, digits and "-._~": a browser never sends them, and the
  // rules that read the raw path (the private Cache-Control of /admin) would
  // not recognise "/%61dmin".
  if (/%(3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2d|5f|7e)/i.test(raw))
    return refuse("encoded unreserved character");
  if (raw.includes("//")) return refuse("empty segment");
  if (raw.split("/").some((s) => s === "." || s === "..")) return refuse("dot segment");
  // Anything else WHATWG parsing would rewrite (quotes, brackets...).
  if (new URL(raw, "http://x").pathname !== raw) return refuse("not canonical");
  let decoded: string;
  try {
    decoded = raw
      .split("/")
      .map((s) => decodeURIComponent(s))
      .join("/");
  } catch {
    return refuse("invalid UTF-8 in the path");
  }
  return { ok: true, routePath: toRoutePath(decoded) };
}

// As React Router (v8_trailingSlashAwareDataRequests) reads a data request:
// "/_.data" is "/", "/x.data" is "/x"; matching ignores a trailing slash and case.
function toRoutePath(decoded: string) {
  let p = decoded.endsWith("/_.data") ? decoded.slice(0, -"_.data".length) : decoded.replace(/\.data$/, "");
  if (p.length > 1) p = p.replace(/\/$/, "");
  return (p || "/").toLowerCase();
}

// The routes that take multipart uploads: the client area's maintenance
// request, the property form (new and edit) and the banner form. Exactly these routes, with the ids their
// actions accept (other ids are refused by the action before the body is read).
const UPLOAD_ROUTES = [
  /^\/client-area$/,
  /^\/admin\/properties\/new$/,
  /^\/admin\/properties\/\d+\/edit$/,
  /^\/admin\/banners\/banner-\d+$/,
  // The contract and maintenance document uploads of /admin/clients.
  /^\/admin\/clients\/contratos\/novo$/,
  /^\/admin\/clients\/manutencoes\/documentos\/novo$/,
  // "Anexar Boleto" (issue 8).
  /^\/admin\/clients\/cobrancas\/boleto$/,
  // "Importar extrato" (issue 20): a month's OFX of a busy account passes 1 MB.
  /^\/admin\/extratos$/,
  // The SGS CSV of "Índices" (issue 22): small, but a wrong file gets its message.
  /^\/admin\/indices$/,
  // An inspection item's photos (issue 23): up to 10 photos of 10 MB.
  /^\/admin\/vistorias\/\d+\/comodos\/\d+$/,
  // An inspection's meter photo ("Enviar foto do medidor"): one photo of 10 MB.
  /^\/admin\/vistorias\/\d+$/,
  // The tenant's "Contestar" of an inspection item, with photos.
  /^\/client-area\/vistoria\/itens\/\d+$/,
  // The tenant's "Já paguei": one proof, a photo or a PDF of 10 MB.
  /^\/client-area\/cobrancas\/\d+\/comprovante$/,
  // "Conferir arquivo" of /verificar (decision 0079): a PDF of up to 20 MB, hashed as it streams.
  /^\/verificar\/[0-9a-z]{12}$/,
];

export function isUploadPath(routePath: string) {
  return UPLOAD_ROUTES.some((r) => r.test(routePath));
}

// The per-address limit on posts is for what strangers can reach: the public
// forms, the login (/admin) and the password recovery. Staff working in the
// back office (dozens of saves in a few minutes) are signed in and guarded.
export function isPublicPost(method: string, routePath: string) {
  if (method !== "POST") return false;
  return !routePath.startsWith("/admin/") || /^\/admin\/(password-recovery|recuperar-senha)(\/|$)/.test(routePath);
}

// Pages behind a login and the login pages: never stored, never page-cached.
export { isPrivatePath } from "#app/utils/private-paths";

// The two bodies a form can send. Multipart without a boundary cannot be
// parsed and is no form.
export function formBodyKind(contentType: string | undefined): "urlencoded" | "multipart" | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(";").map((s) => s.trim());
  const media = type.toLowerCase();
  if (media === "application/x-www-form-urlencoded") return "urlencoded";
  if (media !== "multipart/form-data") return null;
  const boundary = params
    .find((p) => /^boundary=/i.test(p))
    ?.slice("boundary=".length)
    .replace(/^"(.*)"$/, "$1");
  return boundary && boundary.length <= 70 ? "multipart" : null;
}

// Where a post comes from, judged on what the browser says (docs/decisions/
// 0055-small-rules.md, extending 0007): the Origin header; without one (an
// older browser on some posts), Sec-Fetch-Site; without that, the Referer.
// A post that carries none of the three (curl, a script) has no browser to
// ride on and is taken. An origin of this site is APP_URL's or the request's
// own, compared whole: scheme, host and port. "same-host" is a refusal where
// the origin names this host with another scheme: the likely cause is a wrong
// APP_URL or TRUST_PROXY, and the refusal says so.
export type PostSource = {
  origin: string | undefined;
  secFetchSite: string | undefined;
  referer: string | undefined;
  // The request's own origin as this server sees it ("http://host:port").
  protocol: string;
  host: string;
};

export type PostSourceVerdict = "ok" | "refused" | "same-host";

export function postSourceVerdict(source: PostSource, appUrl: URL): PostSourceVerdict {
  if (source.origin !== undefined) return originVerdict(source.origin, source, appUrl);
  if (source.secFetchSite !== undefined) {
    // "none": the person started it (a bookmark, the address bar); "same-site"
    // is a sibling host, which the Origin rule refuses too.
    return source.secFetchSite === "same-origin" || source.secFetchSite === "none" ? "ok" : "refused";
  }
  if (source.referer !== undefined) return originVerdict(source.referer, source, appUrl);
  return "ok";
}

function originVerdict(value: string, source: PostSource, appUrl: URL): PostSourceVerdict {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "refused"; // "null" (a sandboxed frame, a privacy redirect) or garbage
  }
  // An opaque origin ("null" once parsed, data:, file:) is never this site.
  if (url.origin === "null") return "refused";
  if (url.origin === appUrl.origin) return "ok";
  if (url.origin === `${source.protocol}://${source.host}`) return "ok";
  return url.host === source.host || url.host === appUrl.host ? "same-host" : "refused";
}

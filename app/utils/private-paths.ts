// Pages behind a login and the login pages themselves (the back office, the
// client area, the owner's area): a browser or a shared cache must never store them,
// so that Back after logout cannot show a lead's name again, and the page
// cache never serves them. Client-safe; used by server.ts's page cache and
// app/entry.server.tsx. /verificar too (decision 0079): what it says of a
// document changes (cancelled, replaced) and each ask counts against a limit,
// so no cache may answer for it.
const PRIVATE = /^\/(admin|client-area|client-login|client-logout|area-do-proprietario|arquivos|verificar)(\/|$)/;

export const PRIVATE_CACHE_CONTROL = "private, no-store";

// `routePath`: the decoded, lower-cased path without ".data" (server/request-rules.ts).
export function isPrivatePath(routePath: string) {
  return PRIVATE.test(routePath);
}

// The same for a request React Router handles (its URL may end in ".data").
export function isPrivateUrl(url: string) {
  const pathname = new URL(url).pathname.toLowerCase();
  return isPrivatePath(
    pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, ""),
  );
}

// Which requests the server-wide limits apply to (server.ts).

// Back-office pages that take multipart uploads; they stream with their own
// per-file limits, after the admin guard.
export function isUploadPath(path: string) {
  return /^\/admin\/(properties|banners)(\/|\.data|$)/i.test(path);
}

// The per-address limit on posts is for what strangers can reach: the public
// forms, the login and the password recovery. Staff working in the back office
// (dozens of saves in a few minutes) are signed in and guarded instead.
export function isPublicPost(method: string, path: string) {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return !/^\/admin\//i.test(path) || /^\/admin\/(password-recovery|recuperar-senha)(\/|\.data|$)/i.test(path);
}

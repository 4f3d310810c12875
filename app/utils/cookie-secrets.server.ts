import { getEnv } from "./env.server";

// Cookies are signed with SESSION_SECRET; outside production a fixed
// development secret is used (env.server refuses to boot production without one).
export function cookieSecrets() {
  return [getEnv().SESSION_SECRET ?? "development-only-secret-not-for-production"];
}

// Secure only when the public URL is https, so a local http run keeps its cookies.
export function secureCookies() {
  return getEnv().appUrl.protocol === "https:";
}

// Request headers that server.ts sets on every request before React Router
// sees it, always overwriting whatever the visitor sent, so the app may trust
// them. Client-safe: plain names only.

// This request's CSP nonce (server.ts mints it; entry.server.tsx and the root
// loader put it on the inline scripts).
export const NONCE_HEADER = "x-csp-nonce";

// The visitor's address as Express sees it through TRUST_PROXY (login
// throttling is per address).
export const CLIENT_IP_HEADER = "x-client-ip";

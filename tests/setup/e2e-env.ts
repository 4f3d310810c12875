import { E2E_DB, E2E_DIR, E2E_OUTBOX, E2E_PORT, E2E_UPLOADS, E2E_URL } from "./paths";

// The environment of the end-to-end server (playwright.config.ts starts it
// with this). Test workers apply it to themselves too (useE2eEnvironment), so
// fixtures that call the app's own modules (the session cookie, its signing
// secret, its Secure flag) agree with the server without copying its code.
export const E2E_ENV = {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  APP_URL: E2E_URL,
  DATABASE_PATH: E2E_DB,
  UPLOADS_DIR: E2E_UPLOADS,
  OUTBOX_DIR: E2E_OUTBOX,
  // A test secret: the server only ever runs on a scratch database.
  SESSION_SECRET: "e2e-secret-that-is-long-enough-for-production-checks",
  RATE_LIMIT_DISABLED: "1",
  // The BR Code manual's own example key (a random key, EVP): open billings show Pix.
  AGENCY_PIX_KEY: "123e4567-e12b-12d1-a456-426655440000",
  // The DIMOB's declarant (docs/decisions/0042-dimob.md): valid check digits, no real agency.
  AGENCY_CNPJ: "11.222.333/0001-81",
  AGENCY_RESPONSIBLE_CPF: "529.982.247-25",
  // One process: the tests assert on one page cache (miss, then hit), and
  // Chromium and the test workers already share the cores.
  // tests/e2e/processes.test.ts runs a second server with two.
  WEB_CONCURRENCY: "1",
  E2E_DIR,
};

// Must run before the first call into #app/utils/env.server, which reads and
// caches process.env once.
export function useE2eEnvironment() {
  Object.assign(process.env, E2E_ENV);
}

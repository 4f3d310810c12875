import os from "node:os";
import path from "node:path";

// One scratch folder per test run, shared by playwright.config.ts (which
// starts the server) and the tests (which read the same SQLite file).
export const E2E_DIR = process.env.E2E_DIR ?? path.join(os.tmpdir(), `e2e-imobiliaria-${process.pid}`);
export const E2E_DB = path.join(E2E_DIR, "app.db");
export const E2E_UPLOADS = path.join(E2E_DIR, "uploads");
export const E2E_OUTBOX = path.join(E2E_DIR, "outbox");
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;

import { getDb } from "#app/db/db.server";
import { checkDatabase } from "#app/models/health/database.server";
import { log } from "#app/utils/log.server";

// For the container's health check (Dockerfile HEALTHCHECK): 200 "ok" when
// the database answers a read and a write (rolled back: nothing is stored),
// 503 saying which one failed otherwise.
export async function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  const health = await checkDatabase(getDb());
  if (health.ok) return new Response("ok", { headers });
  log.error("health.failed", { step: health.failed, reason: health.message });
  return new Response(`database unavailable (${health.failed})`, { status: 503, headers });
}

import { sql } from "kysely";
import { getDb } from "#app/db/db.server";

// 200 when the database answers; 503 otherwise (for the container's health check).
export async function loader() {
  try {
    await sql`select 1`.execute(getDb());
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database did not answer", error);
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  }
}

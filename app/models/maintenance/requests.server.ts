import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { PrivateImageError, storePrivateWebp, type StoredPrivateImage } from "#app/models/files/private-images.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import type { MaintenanceRequestInput } from "./maintenance.schema";
import { queueStaffAlert } from "#app/models/email/staff-alerts.server";
import { maintenancePriorityLabel } from "./labels";

// The client side of maintenance (docs/product.md §Área do Cliente): a client's
// own requests with their images and documents, and a new request with up to 5
// images stored privately as WebP without EXIF.

type DB = Kysely<Database>;

// The images' error, under the name the client area knows.
export { PrivateImageError as MaintenanceImageError };
const storeImage = storePrivateWebp;
type StoredImage = StoredPrivateImage;

// A new request of the client with its images (already checked by type and
// size). Files first, then the rows in one transaction; if the rows are not
// written the files are removed.
export async function createMaintenanceRequest(
  db: DB,
  clientId: number,
  input: MaintenanceRequestInput,
  images: readonly Buffer[],
) {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) stored.push(await storeImage(image));
    const now = new Date().toISOString();
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("maintenance_requests")
        .values({
          client_id: clientId,
          title: input.title,
          description: input.description,
          category: input.category,
          priority: input.priority,
          requested_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (stored.length) {
        await trx
          .insertInto("maintenance_images")
          .values(
            stored.map((img, position) => ({
              request_id: row.id,
              file_key: img.file_key,
              width: img.width,
              height: img.height,
              position,
            })),
          )
          .execute();
      }
      const client = await trx
        .selectFrom("clients")
        .select("name")
        .where("id", "=", clientId)
        .executeTakeFirstOrThrow();
      await queueStaffAlert(trx, {
        key: `maintenance:${row.id}`,
        subject: `Nova solicitação de manutenção: ${input.title}`,
        lines: [
          `${client.name} pediu uma manutenção (prioridade ${maintenancePriorityLabel(input.priority).toLowerCase()}).`,
          "",
          input.title,
          input.description,
        ],
        path: `/admin/clients/manutencoes/${row.id}`,
      });
      return row.id;
    });
    return id;
  } catch (error) {
    await removePrivateFiles(stored.map((s) => s.file_key));
    throw error;
  }
}

// The client's own requests, newest first, each with its images and documents.
export async function listOwnMaintenanceRequests(db: DB, clientId: number) {
  const requests = await db
    .selectFrom("maintenance_requests")
    .select([
      "id",
      "title",
      "description",
      "category",
      "priority",
      "status",
      "admin_notes",
      "requested_at",
      "completed_at",
    ])
    .where("client_id", "=", clientId)
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const images = await db
    .selectFrom("maintenance_images")
    .select(["id", "request_id", "width", "height"])
    .where("request_id", "in", ids)
    .orderBy("position")
    .execute();
  const documents = await db
    .selectFrom("maintenance_documents")
    .select(["id", "request_id", "file_name", "uploaded_at"])
    .where("request_id", "in", ids)
    .orderBy("uploaded_at")
    .orderBy("id")
    .execute();
  return requests.map((r) => ({
    ...r,
    images: images.filter((i) => i.request_id === r.id).map(({ id, width, height }) => ({ id, width, height })),
    documents: documents
      .filter((d) => d.request_id === r.id)
      .map(({ id, file_name, uploaded_at }) => ({ id, file_name, uploaded_at })),
  }));
}

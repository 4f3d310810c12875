import { Form } from "react-router";
import { ImagePlus } from "#app/components/ui/private-icons";
import { Button } from "#app/components/ui/button";
import { formatDay } from "#app/models/clients/status";
import { MAX_ITEM_PHOTOS } from "#app/models/inspections/labels";
import { PHOTO_ACCEPT } from "#app/utils/image-rules";

// An inspection item's photos on its room's screen
// (docs/decisions/0044-inspections.md): thumbnails (each removable while
// open) and "Enviar fotos" straight from the camera, a form of its own so
// that a failed upload never takes the item's note with it.
export function ItemPhotos({
  item,
  locked,
  error,
  busy,
}: {
  item: { id: number; name: string; photos: { id: number; taken_at: string | null }[] };
  locked: boolean;
  error?: string;
  busy: boolean;
}) {
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      {item.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Fotos de ${item.name}`}>
          {item.photos.map((p) => (
            <li key={p.id} className="w-24">
              <a href={`/arquivos/vistorias/fotos/${p.id}`}>
                <img
                  src={`/arquivos/vistorias/fotos/${p.id}`}
                  alt={`${item.name}, foto ${p.id}`}
                  loading="lazy"
                  className="h-18 w-24 rounded object-cover ring-1 ring-slate-200"
                />
              </a>
              {p.taken_at ? (
                <span className="block text-xs text-slate-600">{formatDay(p.taken_at.slice(0, 10))}</span>
              ) : null}
              {locked ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-photo" />
                  <input type="hidden" name="photo_id" value={p.id} />
                  <button className="text-xs text-red-700 hover:underline">Remover</button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {locked || item.photos.length >= MAX_ITEM_PHOTOS ? null : (
        <Form method="post" encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
          <input type="hidden" name="item_id" value={item.id} />
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">Fotos de {item.name}</span>
            <input
              type="file"
              name="photos"
              accept={PHOTO_ACCEPT}
              capture="environment"
              multiple
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
            />
          </label>
          <Button variant="secondary" disabled={busy}>
            <ImagePlus aria-hidden className="size-4" /> Enviar fotos
          </Button>
          {error ? <p className="w-full text-sm font-medium text-red-700">{error}</p> : null}
        </Form>
      )}
    </div>
  );
}

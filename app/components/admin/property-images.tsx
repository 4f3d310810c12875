import { useHydrated } from "#app/components/ui/use-hydrated";
import { X } from "#app/components/ui/icons";
import { ArrowDown, ArrowUp, ImagePlus, Star } from "#app/components/ui/private-icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { COVER_FIELD, REMOVE_FIELD, positionField } from "#app/models/properties/admin/image-plan";
import { MAX_IMAGES, MESSAGES } from "#app/models/properties/admin/property.schema";
import { imageSrc, type StoredImage } from "#app/models/properties/images";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from "#app/utils/image-rules";

// The image area of the property form: the counter n/10, the gallery already
// stored (edit), and the input for new photos. Without JavaScript it is plain
// form controls (a "Remover" checkbox, a position select and a cover radio per
// stored image, one multiple file input); with JavaScript the same controls
// are kept in step, with up/down buttons, previews before upload and the
// picker disabled once 10 images are reached.

export type ExistingImage = StoredImage & { id: number };
type Initial = Record<string, unknown> | null | undefined;

const ACCEPT = ACCEPTED_IMAGE_TYPES.join(",");
const listOf = (v: unknown) => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);

// The stored gallery's controls, starting from what was last posted (a refused
// submission comes back with the same choices) or from the stored order.
function useGalleryState(existing: ExistingImage[], initial: Initial) {
  const [order, setOrder] = useState(() => {
    const ids = existing.map((img) => img.id);
    if (!initial) return ids;
    const pos = (id: number, i: number) => Number(initial[positionField(id)] ?? i + 1) || i + 1;
    return ids
      .map((id, i) => ({ id, p: pos(id, i), i }))
      .sort((a, b) => a.p - b.p || a.i - b.i)
      .map((x) => x.id);
  });
  const [removed, setRemoved] = useState(() => new Set(listOf(initial?.[REMOVE_FIELD]).map(Number)));
  const [cover, setCover] = useState<number | undefined>(() => {
    const posted = Number(initial?.[COVER_FIELD]);
    return existing.some((img) => img.id === posted) ? posted : existing[0]?.id;
  });
  const move = (id: number, to: number) =>
    setOrder((list) => {
      const next = list.filter((x) => x !== id);
      next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
      return next;
    });
  const toggleRemoved = (id: number) =>
    setRemoved((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { order, removed, cover, setCover, move, toggleRemoved };
}

export function PropertyImages({
  existing,
  errors,
  initial,
  disabled,
}: {
  existing: ExistingImage[];
  errors?: string[];
  initial: Initial;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  const gallery = useGalleryState(existing, initial);
  const [files, setFiles] = useState<File[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const realInput = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const kept = existing.length - existing.filter((img) => gallery.removed.has(img.id)).length;
  const count = kept + files.length;
  const full = count >= MAX_IMAGES;
  const byId = new Map(existing.map((img) => [img.id, img]));

  // Keeps the submitted input's FileList equal to the previews.
  useEffect(() => {
    if (!realInput.current) return;
    const dt = new DataTransfer();
    files.forEach((f) => dt.items.add(f));
    realInput.current.files = dt.files;
  }, [files]);

  function pick(list: FileList | null) {
    const picked = Array.from(list ?? []);
    const valid = picked.filter(
      (f) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(f.type) && f.size <= MAX_IMAGE_BYTES,
    );
    const room = Math.max(0, MAX_IMAGES - count);
    const accepted = valid.slice(0, room);
    setNotice(
      valid.length < picked.length
        ? MESSAGES.imageFile
        : accepted.length < valid.length
          ? MESSAGES.tooManyImages
          : null,
    );
    if (accepted.length) setFiles((prev) => [...prev, ...accepted]);
  }

  const errorId = "images-error";
  return (
    <fieldset
      data-js={hydrated ? "on" : "off"}
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      aria-describedby={errors?.length ? errorId : undefined}
    >
      <legend className="px-1 text-base font-semibold text-slate-900">Imagens *</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">É obrigatório adicionar pelo menos 1 imagem</p>
        <p
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800"
          data-testid="image-counter"
          aria-live="polite"
        >
          {count}/{MAX_IMAGES}
        </p>
      </div>

      {existing.length > 0 ? (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Imagens cadastradas">
          {gallery.order.map((id, index) => {
            const img = byId.get(id)!;
            const isRemoved = gallery.removed.has(id);
            const isCover = gallery.cover === id;
            return (
              <li
                key={id}
                data-testid="existing-image"
                data-file-key={img.file_key}
                className={`rounded-lg border p-3 ${isRemoved ? "border-red-300 bg-red-50 opacity-70" : "border-slate-200 bg-white"}`}
              >
                <div className="relative">
                  <img
                    src={imageSrc(img, 480)}
                    alt={`Imagem ${index + 1}`}
                    className="aspect-[4/3] w-full rounded-md object-cover"
                    loading="lazy"
                  />
                  {isCover && !isRemoved ? (
                    <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-gold-500 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      <Star aria-hidden className="size-3" /> Capa
                    </span>
                  ) : null}
                </div>
                <div className="mt-3 space-y-2 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={COVER_FIELD}
                      value={id}
                      checked={isCover}
                      onChange={() => gallery.setCover(id)}
                      className="size-4"
                    />
                    Definir como capa
                  </label>
                  <div className="flex items-center gap-2">
                    <label htmlFor={`pos-${id}`}>Posição</label>
                    <select
                      id={`pos-${id}`}
                      name={positionField(id)}
                      value={String(index + 1)}
                      onChange={(e) => gallery.move(id, Number(e.target.value) - 1)}
                      className="rounded border border-slate-300 px-2 py-1"
                    >
                      {existing.map((_, i) => (
                        <option key={i} value={i + 1}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                    {hydrated ? (
                      <span className="ml-auto flex gap-1">
                        <button
                          type="button"
                          onClick={() => gallery.move(id, index - 1)}
                          disabled={index === 0}
                          aria-label={`Mover imagem ${index + 1} para cima`}
                          className="rounded border border-slate-300 p-1 hover:bg-slate-100 disabled:opacity-40"
                        >
                          <ArrowUp aria-hidden className="size-4" />
                        </button>
                        <button
                          type="button"
                          onClick={() => gallery.move(id, index + 1)}
                          disabled={index === gallery.order.length - 1}
                          aria-label={`Mover imagem ${index + 1} para baixo`}
                          className="rounded border border-slate-300 p-1 hover:bg-slate-100 disabled:opacity-40"
                        >
                          <ArrowDown aria-hidden className="size-4" />
                        </button>
                      </span>
                    ) : null}
                  </div>
                  <label className="flex items-center gap-2 text-red-800">
                    <input
                      type="checkbox"
                      name={REMOVE_FIELD}
                      value={id}
                      checked={isRemoved}
                      onChange={() => gallery.toggleRemoved(id)}
                      className="size-4"
                    />
                    Remover
                  </label>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}

      <div>
        <label
          htmlFor="images"
          className={`inline-flex cursor-pointer items-center gap-2 rounded-md border border-brand-800 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 ${hydrated && full ? "cursor-not-allowed opacity-50" : ""}`}
        >
          <ImagePlus aria-hidden className="size-4" /> Adicionar imagens
        </label>
        {hydrated ? (
          <>
            <input
              id="images"
              type="file"
              multiple
              accept={ACCEPT}
              disabled={full || disabled}
              onChange={(e) => (pick(e.currentTarget.files), (e.currentTarget.value = ""))}
              className="sr-only"
            />
            <input
              ref={realInput}
              type="file"
              name="images"
              multiple
              accept={ACCEPT}
              hidden
              tabIndex={-1}
              aria-hidden
            />
          </>
        ) : (
          <input id="images" type="file" name="images" multiple accept={ACCEPT} className="mt-2 block w-full text-sm" />
        )}
        <p className="mt-2 text-xs text-slate-600">
          JPG, PNG ou WEBP, até 5 MB cada, no máximo {MAX_IMAGES} imagens; a primeira é a capa. Se o formulário voltar
          com algum erro, selecione os arquivos novamente (o navegador não guarda arquivos escolhidos).
        </p>
        {notice ? <p className="mt-1 text-sm font-medium text-amber-800">{notice}</p> : null}
        {errors?.length ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {errors[0]}
          </p>
        ) : null}
      </div>

      {files.length > 0 ? (
        <>
          <p className="text-sm font-medium text-slate-800">Novas imagens (enviadas ao salvar, depois das atuais)</p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-label="Novas imagens">
            {files.map((file, i) => (
              <li key={previews[i]} data-testid="new-image-preview" className="relative">
                <img
                  src={previews[i]}
                  alt={`Nova imagem: ${file.name}`}
                  className="aspect-[4/3] w-full rounded-md object-cover ring-1 ring-slate-200"
                />
                <button
                  type="button"
                  onClick={() => setFiles((prev) => prev.filter((_, j) => j !== i))}
                  aria-label={`Remover ${file.name}`}
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-slate-800 shadow hover:bg-white"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </fieldset>
  );
}

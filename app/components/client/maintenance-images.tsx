import { useEffect, useMemo, useState, type ChangeEvent } from "react";
import { inputClass } from "#app/components/ui/field";
import { ACCEPTED_IMAGE_TYPES, IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "#app/utils/image-rules";

// The images of "Nova Solicitação". Without JavaScript a plain multiple file
// input (the server judges each file). With it, the tenant sees a preview of
// each photo before sending, and files the server would refuse (not an
// image, over 5 MB, past the fifth) are dropped at once with the spec's
// message instead of after the upload.
type Props = {
  id: string;
  describedBy: string | undefined;
  max: number;
  messages: { title: string; invalid: string; tooMany: string };
};

export function MaintenanceImagesInput({ id, describedBy, max, messages }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = Array.from(input.files ?? []);
    const valid = picked.filter(
      (f) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(f.type) && f.size <= MAX_IMAGE_BYTES,
    );
    const kept = valid.slice(0, max);
    if (kept.length !== picked.length) {
      const list = new DataTransfer();
      kept.forEach((f) => list.items.add(f));
      input.files = list.files;
    }
    setNotice(valid.length < picked.length ? messages.invalid : kept.length < valid.length ? messages.tooMany : null);
    setFiles(kept);
  }

  return (
    <>
      <input
        id={id}
        name="images"
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        aria-describedby={describedBy}
        className={inputClass}
        onChange={onChange}
      />
      {notice ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          <strong>{messages.title}:</strong> {notice}
        </p>
      ) : null}
      {previews.length ? (
        <ul aria-label="Imagens escolhidas" className="mt-3 flex flex-wrap gap-2">
          {previews.map(({ file, url }) => (
            <li key={url}>
              <img src={url} alt={file.name} className="h-20 w-20 rounded object-cover ring-1 ring-slate-200" />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

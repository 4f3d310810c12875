import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { IMAGE_ACCEPT } from "#app/utils/image-rules";
import { Field, describedBy, inputClass } from "#app/components/ui/field";
import { BannerImage } from "./banner-image";

// A replaceable banner picture: the current image, or with JavaScript a
// preview of the chosen file before it is sent (a blob: URL, allowed by the CSP).
export function BannerImageInput({
  meta,
  label,
  hint,
  currentUrl,
  frameClass,
}: {
  meta: FieldMetadata<File | undefined>;
  label: string;
  hint: string;
  currentUrl: string;
  frameClass: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <Field meta={meta} label={label} hint={hint} as="custom">
      <div className={`mb-3 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 ${frameClass}`}>
        <BannerImage
          src={preview ?? currentUrl}
          alt={preview ? "Prévia da nova imagem" : "Imagem atual"}
          className="size-full"
        />
      </div>
      {preview ? (
        <p className="mb-2 text-xs font-medium text-brand-800">
          Prévia: a imagem será recortada e salva ao clicar em “Salvar alterações”.
        </p>
      ) : null}
      <input
        {...getInputProps(meta, { type: "file" })}
        key={meta.key}
        accept={IMAGE_ACCEPT}
        aria-describedby={describedBy(meta, hint)}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          setPreview(file ? URL.createObjectURL(file) : null);
        }}
        className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`}
      />
    </Field>
  );
}

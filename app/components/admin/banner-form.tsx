import { useHydrated } from "#app/components/ui/use-hydrated";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { bannerSchema } from "#app/models/banners/banner.schema";
import { DEFAULT_BTN_TEXT, type AdminBanner } from "#app/models/banners/defaults";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { BannerImageInput } from "./banner-image-input";

const panel = "space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200";
const checkboxClass = "size-5 rounded border-slate-300 text-brand-800 focus:ring-brand-600";

// The banner edit form (multipart: optional new desktop and mobile images).
// Without JavaScript the server validates and re-renders it with the errors;
// with JavaScript the same schema validates first and the images get a preview.
export function BannerForm({
  banner,
  constraint,
  lastResult,
  alert,
}: {
  banner: AdminBanner;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  alert?: { title: string; description?: string } | null;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: `banner-${banner.id}`,
    lastResult,
    defaultValue: {
      title: banner.title,
      subtitle: banner.subtitle,
      link: banner.link,
      btn_text: banner.btnText,
      is_active: banner.isActive,
      show_on_desktop: banner.showOnDesktop,
      show_on_mobile: banner.showOnMobile,
    },
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bannerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const deviceErrors = fields.show_on_desktop.errors;
  // The "no device" warning belongs to the pair: it shows (or goes) as soon as
  // either box changes, not when the field loses focus.
  const checkDevices = () => form.validate({ name: fields.show_on_desktop.name });
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      data-hydrated={hydrated || undefined}
      className="space-y-6"
    >
      {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <section className={panel} aria-labelledby="banner-texts">
          <h2 id="banner-texts" className="text-lg font-semibold text-brand-800">
            Textos
          </h2>
          <Field meta={fields.title} label="Título *" type="text" />
          <Field meta={fields.subtitle} label="Subtítulo" type="text" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              meta={fields.link}
              label="Link"
              hint="Página do site (ex.: /destaques) ou endereço http(s)."
              type="text"
              inputMode="url"
              placeholder="/imoveis"
            />
            <Field
              meta={fields.btn_text}
              label="Texto do botão"
              hint={`Vazio: “${DEFAULT_BTN_TEXT}”.`}
              type="text"
              placeholder={DEFAULT_BTN_TEXT}
            />
          </div>
        </section>

        <section className={panel} aria-labelledby="banner-display">
          <h2 id="banner-display" className="text-lg font-semibold text-brand-800">
            Exibição
          </h2>
          <fieldset aria-describedby={deviceErrors?.length ? fields.show_on_desktop.errorId : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">Dispositivos</legend>
            <div className="space-y-2">
              <label className="flex items-center gap-2 text-slate-800">
                <input
                  {...getInputProps(fields.show_on_desktop, { type: "checkbox" })}
                  key={fields.show_on_desktop.key}
                  onChange={checkDevices}
                  className={checkboxClass}
                />
                Mostrar no desktop
              </label>
              <label className="flex items-center gap-2 text-slate-800">
                <input
                  {...getInputProps(fields.show_on_mobile, { type: "checkbox" })}
                  key={fields.show_on_mobile.key}
                  onChange={checkDevices}
                  className={checkboxClass}
                />
                Mostrar no mobile
              </label>
            </div>
            {deviceErrors?.length ? (
              <p id={fields.show_on_desktop.errorId} className="mt-2 text-sm font-medium text-red-700">
                {deviceErrors[0]}
              </p>
            ) : null}
          </fieldset>
          <div className="border-t border-slate-100 pt-4">
            <label className="flex items-center gap-2 text-slate-800">
              <input
                {...getInputProps(fields.is_active, { type: "checkbox" })}
                key={fields.is_active.key}
                className={checkboxClass}
              />
              Banner ativo
            </label>
            <p className="mt-1 text-xs text-slate-600">Inativo, o banner não aparece na página inicial.</p>
          </div>
        </section>
      </div>

      <section className={panel} aria-labelledby="banner-images">
        <h2 id="banner-images" className="text-lg font-semibold text-brand-800">
          Imagens
        </h2>
        <p className="text-sm text-slate-600">
          Opcional: sem um arquivo novo, as imagens atuais são mantidas. JPEG, PNG ou WebP de até 5 MB; a imagem é
          recortada e convertida para WebP.
        </p>
        <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
          <BannerImageInput
            meta={fields.image}
            label="Imagem desktop"
            hint="Recorte 1600 × 600. Sem imagem mobile própria, o mobile usa um recorte desta."
            currentUrl={banner.imageUrl}
            frameClass="aspect-[8/3]"
          />
          <BannerImageInput
            meta={fields.mobile_image}
            label="Imagem mobile (opcional)"
            hint="Recorte 768 × 960."
            currentUrl={banner.mobileImageUrl}
            frameClass="mx-auto aspect-[4/5] max-w-56"
          />
        </div>
      </section>

      <div className="flex flex-wrap gap-3">
        <Button disabled={busy}>{busy ? "Salvando..." : "Salvar alterações"}</Button>
        <Link to="/admin/banners" className={buttonClass("secondary")}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

import { z } from "zod";
import { plainText } from "#app/models/shared/fields";
import { isAcceptedImageType, MAX_IMAGE_BYTES } from "#app/utils/image-rules";
import { DEFAULT_BTN_TEXT } from "./defaults";

// The banner edit form (docs/product.md §Gestão de Banners), shared by the page
// (client validation with JavaScript) and the action. Field names are the
// table's. Client-safe: the magic-byte check of the images happens on the
// server. The size and type rules are the shared ones (#app/utils/image-rules).

export { MAX_IMAGE_BYTES };

export const BANNER_FORM_MESSAGES = {
  titleRequired: "Por favor, preencha o título do banner.",
  deviceRequired: "O banner deve ser visível em pelo menos um tipo de dispositivo.",
  link: "Informe um caminho do site começando com / (ex.: /destaques) ou um endereço http:// ou https://.",
  imageTooLarge: "A imagem deve ter no máximo 5 MB.",
  imageType: "Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.",
  imageUnreadable: "Não foi possível ler a imagem. Envie outro arquivo JPEG, PNG ou WebP.",
} as const;

// A path of this site ("/destaques", "/imoveis?tipo=Casa") or an absolute
// http(s) address. "//host" (protocol-relative) and "javascript:" are refused.
export function isValidBannerLink(value: string) {
  if (/\s/.test(value) || value.includes("\\")) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const imageFile = z
  .file()
  .refine((f) => f.size <= MAX_IMAGE_BYTES, BANNER_FORM_MESSAGES.imageTooLarge)
  // The browser's claim only (an empty type is left to the server's check).
  .refine((f) => !f.type || isAcceptedImageType(f.type), BANNER_FORM_MESSAGES.imageType)
  .optional();

export const bannerSchema = z
  .object({
    // prefault, not a type error, for an empty title: a type error would skip
    // the device check below, and both messages should show at once.
    title: plainText()
      .min(1, BANNER_FORM_MESSAGES.titleRequired)
      .max(120, "Use no máximo 120 caracteres.")
      .prefault(""),
    subtitle: plainText()
      .max(200, "Use no máximo 200 caracteres.")
      .optional()
      .transform((v) => v ?? ""),
    link: plainText()
      .max(500, "Use no máximo 500 caracteres.")
      .refine(isValidBannerLink, BANNER_FORM_MESSAGES.link)
      .optional()
      .transform((v) => v ?? ""),
    btn_text: plainText()
      .max(40, "Use no máximo 40 caracteres.")
      .optional()
      .transform((v) => v || DEFAULT_BTN_TEXT),
    is_active: z.boolean().optional().transform(Boolean),
    show_on_desktop: z.boolean().optional().transform(Boolean),
    show_on_mobile: z.boolean().optional().transform(Boolean),
    image: imageFile,
    mobile_image: imageFile,
  })
  .superRefine((v, ctx) => {
    if (!v.show_on_desktop && !v.show_on_mobile) {
      ctx.addIssue({ code: "custom", path: ["show_on_desktop"], message: BANNER_FORM_MESSAGES.deviceRequired });
    }
  });

export type BannerFormValues = z.infer<typeof bannerSchema>;

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BANNER_FORM_MESSAGES, MAX_IMAGE_BYTES, bannerSchema, isValidBannerLink } from "./banner.schema";

function parse(fields: Record<string, string | File>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return parseWithZod(fd, { schema: bannerSchema });
}

describe("isValidBannerLink", () => {
  it.each(["/destaques", "/imoveis?tipo=Casa&page=2", "/", "https://exemplo.com.br/a", "http://exemplo.com"])(
    "accepts %s",
    (link) => {
      expect(isValidBannerLink(link)).toBe(true);
    },
  );
  it.each(["destaques", "//evil.example", "javascript:alert(1)", "ftp://x.com", "/a b", "/\\evil", "https://"])(
    "refuses %s",
    (link) => {
      expect(isValidBannerLink(link)).toBe(false);
    },
  );
});

describe("bannerSchema", () => {
  it("trims texts, defaults the button text and reads the checkboxes", () => {
    const s = parse({
      title: "  Novo  ",
      subtitle: " Sub ",
      link: "/x",
      btn_text: "  ",
      show_on_mobile: "on",
      is_active: "on",
    });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({
      title: "Novo",
      subtitle: "Sub",
      link: "/x",
      btn_text: "Ver detalhes",
      is_active: true,
      show_on_desktop: false,
      show_on_mobile: true,
    });
    expect(s.value.image).toBeUndefined();
  });

  it("reports an empty title and no device at the same time", () => {
    const s = parse({ title: "", image: new File([], "") });
    expect(s.status).toBe("error");
    expect(s.reply().error).toMatchObject({
      title: [BANNER_FORM_MESSAGES.titleRequired],
      show_on_desktop: [BANNER_FORM_MESSAGES.deviceRequired],
    });
  });

  it("refuses a bad link, a non-image type and a file over 5 MB", () => {
    const s = parse({
      title: "T",
      show_on_desktop: "on",
      link: "javascript:alert(1)",
      image: new File(["texto"], "a.txt", { type: "text/plain" }),
      mobile_image: new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "b.png", { type: "image/png" }),
    });
    expect(s.reply().error).toMatchObject({
      link: [BANNER_FORM_MESSAGES.link],
      image: [BANNER_FORM_MESSAGES.imageType],
      mobile_image: [BANNER_FORM_MESSAGES.imageTooLarge],
    });
  });
});

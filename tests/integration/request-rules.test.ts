import { describe, expect, it } from "vitest";
import { isPublicPost, isUploadPath } from "../../server/request-rules";

describe("server request rules", () => {
  it("rate-limits the posts strangers can reach, not staff work", () => {
    expect(isPublicPost("POST", "/")).toBe(true);
    expect(isPublicPost("POST", "/anunciar-imovel.data")).toBe(true);
    expect(isPublicPost("POST", "/admin")).toBe(true);
    expect(isPublicPost("POST", "/admin/password-recovery")).toBe(true);
    expect(isPublicPost("POST", "/admin/password-recovery/abc")).toBe(true);
    expect(isPublicPost("POST", "/admin/recuperar-senha.data")).toBe(true);
    expect(isPublicPost("POST", "/admin/properties")).toBe(false);
    expect(isPublicPost("POST", "/ADMIN/banners/banner-1")).toBe(false);
    expect(isPublicPost("GET", "/")).toBe(false);
  });

  it("lets only the two upload pages send large bodies", () => {
    expect(isUploadPath("/admin/properties/new")).toBe(true);
    expect(isUploadPath("/admin/properties/3/edit.data")).toBe(true);
    expect(isUploadPath("/admin/banners/banner-1")).toBe(true);
    expect(isUploadPath("/admin/requests")).toBe(false);
    expect(isUploadPath("/anunciar-imovel")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { MAX_BOLETO_BYTES } from "./boleto.schema";
import { BOLETO_READ_MESSAGES, BoletoReadError, readBoleto } from "./read-boleto.server";

// The checks made before any work reaches the worker thread (the readings
// themselves: tests/integration/boleto-reader.test.ts).

describe("BoletoReadError", () => {
  it("carries a reason and its Portuguese message", () => {
    const error = new BoletoReadError("busy");
    expect(error).toBeInstanceOf(Error);
    expect(error.reason).toBe("busy");
    expect(error.message).toBe(BOLETO_READ_MESSAGES.busy);
    expect(new BoletoReadError().message).toBe(
      "Não foi possível analisar o boleto. Verifique se o arquivo está legível.",
    );
  });

  it("also takes a message, like a plain Error (reason 'unreadable')", () => {
    const error = new BoletoReadError("Arquivo ilegível.");
    expect(error.message).toBe("Arquivo ilegível.");
    expect(error.reason).toBe("unreadable");
  });
});

describe("readBoleto's input checks", () => {
  it("refuses an empty file, a file over 10 MB and a type other than PDF, JPEG or PNG (by content)", async () => {
    await expect(readBoleto(new Uint8Array())).rejects.toMatchObject({ reason: "empty" });
    await expect(readBoleto(new Uint8Array(MAX_BOLETO_BYTES + 1))).rejects.toMatchObject({ reason: "too-large" });
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    await expect(readBoleto(gif)).rejects.toMatchObject({
      reason: "unsupported-type",
      message: BOLETO_READ_MESSAGES["unsupported-type"],
    });
    await expect(readBoleto(new TextEncoder().encode("Vencimento 10/12/2026"))).rejects.toBeInstanceOf(BoletoReadError);
  });

  it("refuses an image whose header is not understood or claims too many pixels, before decoding", async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0xc3, 0x50, 0, 0, 0xc3,
      0x50, 8, 2,
    ]);
    await expect(readBoleto(png)).rejects.toMatchObject({ reason: "image-too-large" });
    await expect(readBoleto(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).rejects.toBeInstanceOf(BoletoReadError);
  });

  it("takes `today` only as YYYY-MM-DD", async () => {
    await expect(readBoleto(new TextEncoder().encode("%PDF-1.7"), { today: "22/11/2026" })).rejects.toThrow(TypeError);
  });
});

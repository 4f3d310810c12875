import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "#app/utils/image-rules";
import { docFile, docxFile, jarFile, msiFile, oleFile, xlsxFile, zipBomb, zipOf } from "#tests/fixtures/containers";
import {
  detectFileType,
  documentTypeOf,
  isAcceptedImage,
  parseMultipartForm,
  readAcceptedImage,
  UploadRefusedError,
} from "./uploads.server";

// 1x1 images, small enough to inline.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

// A copy: File wants an ArrayBuffer-backed view, which a Buffer is not typed as.
const asJpeg = (bytes: Uint8Array) => new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" });

describe("the type check by content", () => {
  it("accepts a real PNG, whatever its name", async () => {
    expect(await isAcceptedImage(PNG)).toBe(true);
    expect(await readAcceptedImage(asJpeg(PNG))).toEqual(PNG);
  });

  it("refuses a GIF and an SVG even when named .jpg and sent as image/jpeg", async () => {
    expect(await isAcceptedImage(GIF)).toBe(false);
    expect(await isAcceptedImage(SVG)).toBe(false);
    expect(await readAcceptedImage(asJpeg(GIF))).toBeNull();
    expect(await readAcceptedImage(asJpeg(SVG))).toBeNull();
  });

  it("refuses bytes of no known type", async () => {
    expect(await isAcceptedImage(new Uint8Array([1, 2, 3, 4]))).toBe(false);
  });

  it("refuses an image above 5 MB before reading it", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    expect(await readAcceptedImage(asJpeg(big))).toBeNull();
  });
});

const DOC = "application/msword";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

describe("Word documents by what their container holds", () => {
  it("takes a .docx and a .doc (its Word stream in regular sectors or in the mini stream)", async () => {
    expect(await detectFileType(docxFile())).toBe(DOCX);
    expect(await detectFileType(docFile())).toBe(DOC);
    expect(await detectFileType(docFile({ small: true }))).toBe(DOC);
    expect(await documentTypeOf(docxFile(), ["pdf", "docx"])).toEqual({ mime: DOCX, ext: ".docx" });
    expect(await documentTypeOf(docFile(), ["pdf", "doc"])).toEqual({ mime: DOC, ext: ".doc" });
  });

  it("names any other OLE or ZIP file by its container, never as Word", async () => {
    expect(await detectFileType(msiFile())).toBe("application/x-cfb");
    expect(await detectFileType(jarFile())).toBe("application/zip");
    expect(await detectFileType(xlsxFile())).toBe("application/zip");
    expect(await documentTypeOf(msiFile(), ["pdf", "doc", "docx"])).toBeNull();
    expect(await documentTypeOf(jarFile(), ["pdf", "doc", "docx"])).toBeNull();
  });

  it("refuses a ZIP whose [Content_Types].xml inflates past its bound, without inflating it whole", async () => {
    const bomb = await zipBomb(500);
    expect(bomb.length).toBeLessThan(600 * 1024);
    const before = process.memoryUsage().rss;
    expect(await detectFileType(bomb)).toBe("application/zip");
    expect(await readAcceptedImage(asJpeg(bomb))).toBeNull();
    expect(await documentTypeOf(bomb, ["pdf", "doc", "docx"])).toBeNull();
    // 500 MB inflated would show here; the bound is 256 KB.
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it("survives broken containers: cut short, a directory that loops, a Word part that is missing", async () => {
    const docx = docxFile();
    expect(await detectFileType(docx.subarray(0, docx.length - 10))).toBe("application/zip");
    const doc = docFile();
    expect(await detectFileType(doc.subarray(0, 1024))).toBe("application/x-cfb");
    // The FAT says the directory's sector is followed by itself.
    const looping = Buffer.from(doc);
    const directory = looping.readUInt32LE(0x30);
    looping.writeUInt32LE(directory, 512 + directory * 4);
    looping.fill(0, (directory + 1) * 512, (directory + 2) * 512);
    expect(await detectFileType(looping)).toBe("application/x-cfb");
    const noPart = zipOf([{ name: "[Content_Types].xml", data: docx.subarray(0, 0) }]);
    expect(await detectFileType(noPart)).toBe("application/zip");
    // A stream called WordDocument without Word's header.
    expect(await detectFileType(oleFile([{ name: "WordDocument", data: Buffer.alloc(4608, 7) }]))).toBe(
      "application/x-cfb",
    );
  });
});

describe("the streaming parse", () => {
  const post = (form: FormData) => new Request("http://localhost/upload", { method: "POST", body: form });
  const limits = { maxFileSize: 1024, maxFiles: 2, maxTotalSize: 64 * 1024 };

  it("keeps the fields and what the handler returns for each file", async () => {
    const form = new FormData();
    form.append("title", "Casa");
    form.append("image", asJpeg(PNG));
    const parsed = await parseMultipartForm(post(form), limits, (file) =>
      file.fieldName === "image" ? file.name : null,
    );
    expect(parsed.get("title")).toBe("Casa");
    expect(parsed.get("image")).toBe("foto.jpg");
  });

  it("says why a body was cut short", async () => {
    const tooMany = new FormData();
    for (let i = 0; i < 3; i++) tooMany.append("image", asJpeg(PNG));
    await expect(parseMultipartForm(post(tooMany), limits, () => null)).rejects.toMatchObject({
      reason: "too-many-files",
    });

    const tooLarge = new FormData();
    tooLarge.append("image", asJpeg(new Uint8Array(2048)));
    const error = await parseMultipartForm(post(tooLarge), limits, () => null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect((error as UploadRefusedError).reason).toBe("file-too-large");
  });

  it("refuses a body that is not a readable form as unreadable", async () => {
    const raw = (body: Buffer) =>
      new Request("http://localhost/upload", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=b" },
        body: new Uint8Array(body),
      });
    // A text field that is not UTF-8 (the parser decodes text strictly).
    const latin1 = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\n'),
      Buffer.from([0xff, 0xe9]),
      Buffer.from("\r\n--b--\r\n"),
    ]);
    await expect(parseMultipartForm(raw(latin1), limits, () => null)).rejects.toMatchObject({ reason: "unreadable" });
    // A body cut before its closing boundary.
    const cut = Buffer.from('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nCasa');
    await expect(parseMultipartForm(raw(cut), limits, () => null)).rejects.toMatchObject({ reason: "unreadable" });
  });

  it("rethrows an error of the file handler as is", async () => {
    const form = new FormData();
    form.append("image", asJpeg(PNG));
    const boom = new Error("handler failed");
    await expect(
      parseMultipartForm(post(form), limits, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });
});

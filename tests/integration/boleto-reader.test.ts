import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOLETO_READ_MESSAGES,
  BoletoReadError,
  closeBoletoReader,
  readBoleto,
} from "#app/models/boletos/read-boleto.server";
import { generateBoletoSamples, SAMPLES_TODAY, type Sample } from "#tests/fixtures/boletos/generate";
import { judgeReading } from "#tests/fixtures/boletos/samples";

// The reader end to end on generated files (tests/fixtures/boletos): PDFs
// with a text layer from five banks' layouts, the same boletos as PNG, as a
// blurred rotated JPEG and as a scanned PDF, utility bills, a notice without
// a line, a letter, a truncated PDF and wrong types. OCR is slow: the samples
// are made once and one worker thread (with its tesseract worker) serves all.
// The timeouts are ceilings for a busy machine; the file takes ~20-30 s.

let dir: string;
let samples: Sample[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "boletos-it-"));
  samples = await generateBoletoSamples(dir);
}, 300_000);

afterAll(async () => {
  await closeBoletoReader();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const ofKind = (...kinds: Sample["kind"][]) => samples.filter((s) => kinds.includes(s.kind));
const read = (sample: Sample) => readBoleto(fs.readFileSync(sample.file), { today: SAMPLES_TODAY });

describe("readBoleto", () => {
  it("reads the exact due date, amount, month and line of text-layer PDFs (five banks, two utility bills)", async () => {
    const pdfs = ofKind("text-pdf").filter((s) => s.expected?.source === "line");
    expect(pdfs.map((s) => s.name)).toEqual([
      "boleto-001.pdf",
      "boleto-341.pdf",
      "boleto-237.pdf",
      "boleto-104.pdf",
      "boleto-033.pdf",
      "conta-agua.pdf",
      "conta-energia.pdf",
      "carne-237.pdf",
    ]);
    for (const sample of pdfs) expect(await read(sample), sample.name).toEqual(sample.expected);
    // Spot checks of the expectations themselves: both sides of 2025-02-22, a 48-digit line.
    const byName = Object.fromEntries(pdfs.map((s) => [s.name, s.expected]));
    expect(byName["boleto-033.pdf"]).toMatchObject({ dueDate: "2025-01-15", amountCents: 87043, monthYear: "2025-01" });
    expect(byName["boleto-001.pdf"]).toMatchObject({
      dueDate: "2026-12-10",
      amountCents: 125000,
      monthYear: "2026-10",
    });
    expect(byName["conta-agua.pdf"]?.digitableLine).toMatch(/^8\d{47}$/);
  }, 120_000);

  it("falls back to the text rules without a line, and finds nothing in a letter", async () => {
    const [notice] = samples.filter((s) => s.name === "aviso-condominio.pdf");
    expect(await read(notice)).toEqual({
      dueDate: "2026-12-10",
      amountCents: 65000,
      monthYear: "2026-11",
      digitableLine: null,
      source: "text",
    });
    const [letter] = samples.filter((s) => s.name === "carta.pdf");
    expect(await read(letter)).toEqual({
      dueDate: null,
      amountCents: null,
      monthYear: null,
      digitableLine: null,
      source: null,
    });
  }, 120_000);

  it("reads pictures (PNG, blurred rotated JPEG, scanned PDF) by barcode and OCR, several at once, while the event loop stays free", async () => {
    const pictures = ofKind("png", "jpeg", "scanned-pdf").filter((s) => !s.check);
    expect(pictures.length).toBe(8);
    // The upside-down photo is read by its barcode alone.
    expect(pictures.filter((p) => p.expected?.source === "barcode").map((p) => p.name)).toEqual([
      "boleto-237-invertido.jpg",
    ]);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    // All at once: they queue for the worker thread and every one finishes.
    const readings = await Promise.all(pictures.map(read));
    const elapsed = performance.now() - started;
    loop.disable();
    readings.forEach((reading, i) => expect(reading, pictures[i].name).toEqual(pictures[i].expected));
    // pdf.js rendering, image decoding and zxing run in the worker thread: the
    // loop is never held for a whole page (each is about an eighth of the
    // whole). Relative to the run's own length, so a loaded machine, which
    // slows both, does not decide the outcome.
    expect(loop.max / 1e6).toBeLessThan(elapsed / 20);
  }, 300_000);

  it("is never wrong: phone 'scanner app' photos (a misprinted line among them), dim uneven light, a table, a statement, a carnê", async () => {
    const hard = samples.filter((s) => s.check || /^(carne|recibo|demonstrativo)/.test(s.name));
    expect(hard.map((s) => s.name)).toEqual([
      "scanner-001-linha-adulterada.jpg",
      "scanner-341.jpg",
      "scanner-104-linha-adulterada.jpg",
      "scanner-033.jpg",
      "penumbra-237.jpg",
      "penumbra-341.jpg",
      "penumbra-001-sem-codigo.jpg",
      "penumbra-104-recibo.jpg",
      "recibo-tabela.pdf",
      "recibo-tabela.jpg",
      "demonstrativo-condominio.pdf",
      "demonstrativo-condominio.jpg",
      "carne-237.pdf",
    ]);
    const wrong: string[] = [];
    for (const sample of hard) {
      const reading = await read(sample);
      const judged = judgeReading(sample, reading);
      wrong.push(...judged.wrong.map((field) => `${sample.name}: ${field} = ${JSON.stringify(reading)}`));
      // With the barcode in frame (and on clean pages), exact values.
      if (sample.check !== "never-wrong") expect(judged.missing, sample.name).toEqual([]);
      expect(judged.ok, `${sample.name}: ${JSON.stringify(reading)}`).toBe(true);
    }
    // Absent rather than wrong: no value present and different from the page's.
    expect(wrong).toEqual([]);
  }, 300_000);

  it("reads a photo in dim, uneven light without its barcode by flattening its light before OCR", async () => {
    const [dim] = samples.filter((s) => s.name === "penumbra-001-sem-codigo.jpg");
    // As taken, OCR reads neither the due date nor the amount in the dark half (and takes 8 s or more).
    expect(await read(dim)).toMatchObject({ dueDate: "2026-12-10", amountCents: 125000 });
  }, 120_000);

  it("says when a page holds several boletos (a carnê) and lists them all", async () => {
    const [carne] = samples.filter((s) => s.name === "carne-237.pdf");
    const reading = await read(carne);
    expect(reading.notice).toBe("3 boletos nesta página; lido o primeiro");
    expect(reading.slips?.map((s) => [s.dueDate, s.amountCents])).toEqual([
      ["2026-12-10", 98000],
      ["2027-01-10", 98000],
      ["2027-02-10", 101500],
    ]);
  }, 60_000);

  it("refuses a truncated PDF and files of the wrong type with a message in Portuguese", async () => {
    const [corrupt] = ofKind("corrupt");
    await expect(read(corrupt)).rejects.toThrow(new BoletoReadError("unreadable"));
    await expect(read(corrupt)).rejects.toThrow(
      "Não foi possível analisar o boleto. Verifique se o arquivo está legível.",
    );
    for (const sample of ofKind("wrong-type")) {
      const error = await read(sample).catch((e: unknown) => e);
      expect(error, sample.name).toBeInstanceOf(BoletoReadError);
      expect((error as BoletoReadError).reason, sample.name).toBe("unsupported-type");
      expect((error as Error).message, sample.name).toBe(BOLETO_READ_MESSAGES["unsupported-type"]);
    }
    await expect(readBoleto(new Uint8Array())).rejects.toThrow(BOLETO_READ_MESSAGES.empty);
    // A PNG signature over garbage passes the type check but is not an image.
    const fakePng = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 9, 0, 0, 0, 9, 8, 2,
      0, 0, 0,
    ]);
    await expect(readBoleto(fakePng)).rejects.toThrow(BOLETO_READ_MESSAGES.unreadable);
    // A PNG that claims 50,000 x 50,000 pixels is refused before decoding.
    const huge = fakePng.slice();
    new DataView(huge.buffer).setUint32(16, 50_000);
    new DataView(huge.buffer).setUint32(20, 50_000);
    await expect(readBoleto(huge)).rejects.toThrow(BOLETO_READ_MESSAGES["image-too-large"]);
  }, 120_000);

  it("leaves the caller's bytes untouched", async () => {
    const [pdf] = ofKind("text-pdf");
    const bytes = new Uint8Array(fs.readFileSync(pdf.file));
    const before = Buffer.from(bytes).toString("base64");
    await readBoleto(bytes, { today: SAMPLES_TODAY });
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(Buffer.from(bytes).toString("base64")).toBe(before);
  }, 120_000);
});

describe("npm run boleto:read", () => {
  it("prints one JSON line per file, an error line for a bad file, and exits", async () => {
    const names = ["boleto-237.pdf", "corrompido.pdf", "anotacoes.txt", "conta-agua.pdf"];
    const files = names.map((name) => samples.find((s) => s.name === name)!);
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      ["--import", "tsx", "scripts/boleto-read.ts", "--today", SAMPLES_TODAY, ...files.map((f) => f.file)],
      {
        cwd: process.cwd(),
        timeout: 150_000,
      },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    // Exit status 1: one file or more could not be read.
    expect("code" in result ? result.code : 0).toBe(1);
    const lines = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(Number.isInteger(line.ms) && line.ms >= 0, JSON.stringify(line)).toBe(true);
    const withoutMs = lines.map(({ ms: _ms, ...rest }) => rest);
    expect(withoutMs).toEqual([
      { file: files[0].file, ...files[0].expected },
      { file: files[1].file, error: BOLETO_READ_MESSAGES.unreadable },
      { file: files[2].file, error: BOLETO_READ_MESSAGES["unsupported-type"] },
      { file: files[3].file, ...files[3].expected },
    ]);
  }, 180_000);
});

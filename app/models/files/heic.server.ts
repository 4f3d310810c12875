import path from "node:path";
import { Piscina } from "piscina";

// HEIC/HEIF photos (iPhones' default) decoded to RGBA pixels for sharp, whose
// prebuilt libvips has no HEVC decoder (docs/decisions/0044-inspections.md).
// libheif-js decodes synchronously, so it runs in one worker thread
// (heic-thread.cjs): the server keeps answering while a photo is decoded, and
// a second photo waits its turn.

export const HEIF_TYPES: readonly string[] = ["image/heic", "image/heif"];

export type DecodedHeic = { width: number; height: number; hasAlpha: boolean; data: Uint8Array };

// A 48 MP photo takes ~6 s on a busy core; a file that makes the decoder spin
// is cut off (its thread is ended) instead of holding the queue.
const DECODE_TIMEOUT_MS = 60_000;
// The decoder's WebAssembly memory only grows (a 48 MP photo leaves it at
// ~600 MB): an idle thread is let go soon, which gives it back.
const IDLE_MS = 30_000;

// Taken from the project root, like the boleto reader's worker: a path
// relative to this module would point inside build/ once bundled.
const WORKER_FILE = path.resolve(process.cwd(), "app/models/files/heic-thread.cjs");

let pool: Piscina<{ bytes: Uint8Array; maxPixels: number }, DecodedHeic> | null = null;

function getPool() {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    // Not the parent's flags (tsx's hooks under `tsx server.ts`): the entry is plain CommonJS.
    execArgv: [],
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
    // Under contention the server's thread wins.
    niceIncrement: 5,
  });
  return pool;
}

// The photo's primary image, upright; rejects a file libheif cannot decode
// (truncated, not HEVC) or one over `maxPixels` before decoding it. After a
// failure the thread is let go: a hostile stream may have left the decoder's
// WebAssembly memory grown (up to its 2 GB ceiling) or aborted, and the next
// photo gets a fresh one (the old one ends once the tasks it holds are done).
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<DecodedHeic> {
  const current = getPool();
  try {
    return await current.run({ bytes, maxPixels }, { signal: AbortSignal.timeout(DECODE_TIMEOUT_MS) });
  } catch (error) {
    if (pool === current) pool = null;
    void current.close().catch(() => {});
    throw error;
  }
}

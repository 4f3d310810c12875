import { inflateRawSync } from "node:zlib";

// Is this OLE or ZIP container really a Word document? file-type names the
// container only (any OLE file is "application/x-cfb": an .msi passed as a
// .doc) or decides by inflating entries on the main thread (a 510 KB ZIP with
// a 500 MB entry froze the server). These readers look at the container's
// directory only, inflate at most one small entry with a hard output bound,
// and never loop more than the file's own size allows. Hostile input gives
// false, never an exception. Why not a package: docs/decisions/0029-hostile-uploads.md.

const CONTENT_TYPES_MAX_BYTES = 256 * 1024;
const ZIP_MAX_ENTRIES = 4096;
const WORD_MAIN_PART = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

function zipEntries(bytes: Buffer): Map<string, ZipEntry> | null {
  // End of central directory: the last 22 bytes, or before a comment of up to 64 KB.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const start = bytes.readUInt32LE(eocd + 16);
  // ZIP64 (0xFFFF / 0xFFFFFFFF markers) is never needed by a document of a few MB.
  if (count === 0xffff || count > ZIP_MAX_ENTRIES || start + size > eocd) return null;
  const entries = new Map<string, ZipEntry>();
  let at = start;
  for (let n = 0; n < count; n++) {
    if (at + 46 > start + size || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > start + size) return null;
    const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

// One entry's bytes, inflated to at most `max` bytes (more: null).
function zipEntryData(bytes: Buffer, entry: ZipEntry, max: number): Buffer | null {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return null;
  const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) return null;
  const data = bytes.subarray(dataStart, dataEnd);
  if (entry.method === 0) return data.length <= max ? data : null;
  if (entry.method !== 8) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: max });
  } catch {
    // Corrupt data, or more than `max` bytes once inflated.
    return null;
  }
}

// A .docx: a ZIP whose [Content_Types].xml declares a WordprocessingML main
// document part, and that part is in the archive (a JAR or an .xlsx is not).
export function isWordOpenXml(input: Uint8Array): boolean {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) return false;
  try {
    const entries = zipEntries(bytes);
    const types = entries?.get("[Content_Types].xml");
    if (!entries || !types) return false;
    const xml = zipEntryData(bytes, types, CONTENT_TYPES_MAX_BYTES)?.toString("utf8");
    if (!xml) return false;
    for (const override of xml.match(/<Override\b[^>]*>/g) ?? []) {
      if (!override.includes(`ContentType="${WORD_MAIN_PART}"`)) continue;
      const part = /PartName="\/?([^"]+)"/.exec(override)?.[1];
      if (part && entries.has(part)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const DIFAT_IN_HEADER = 109;
const WORD_FIB_IDENT = 0xa5ec;

// A .doc (Word 97-2003): an OLE compound file (MS-CFB) with a "WordDocument"
// stream that starts with Word's file information block (wIdent 0xA5EC,
// MS-DOC 2.5.1). An .msi, an .xls or a .ppt has no such stream.
export function isWordBinary(input: Uint8Array): boolean {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(OLE_SIGNATURE)) return false;
  try {
    const shift = bytes.readUInt16LE(0x1e);
    if (shift !== 9 && shift !== 12) return false;
    const sectorSize = 1 << shift;
    const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;
    const offsetOf = (sector: number) => (sector + 1) * sectorSize;
    const inFile = (sector: number) => sector < sectorCount && offsetOf(sector) + sectorSize <= bytes.length;

    // The FAT's sectors: 109 listed in the header, the rest in the DIFAT chain.
    const fatSectors: number[] = [];
    for (let i = 0; i < DIFAT_IN_HEADER; i++) fatSectors.push(bytes.readUInt32LE(0x4c + i * 4));
    let difat = bytes.readUInt32LE(0x44);
    for (let hops = 0; difat < END_OF_CHAIN && hops < sectorCount; hops++) {
      if (!inFile(difat)) return false;
      const base = offsetOf(difat);
      for (let i = 0; i < sectorSize / 4 - 1; i++) fatSectors.push(bytes.readUInt32LE(base + i * 4));
      difat = bytes.readUInt32LE(base + sectorSize - 4);
    }
    const perSector = sectorSize / 4;
    const nextSector = (sector: number) => {
      const fat = fatSectors[Math.floor(sector / perSector)];
      if (fat === undefined || fat >= END_OF_CHAIN || !inFile(fat)) return END_OF_CHAIN;
      return bytes.readUInt32LE(offsetOf(fat) + (sector % perSector) * 4);
    };

    // The directory: 128-byte entries along its sector chain; a cycle ends
    // when the walk has visited more sectors than the file has.
    let sector = bytes.readUInt32LE(0x30);
    for (let hops = 0; sector < END_OF_CHAIN && hops < sectorCount; hops++) {
      if (!inFile(sector)) return false;
      const base = offsetOf(sector);
      for (let entry = base; entry < base + sectorSize; entry += 128) {
        const nameLength = bytes.readUInt16LE(entry + 0x40);
        const isStream = bytes[entry + 0x42] === 2;
        if (!isStream || nameLength !== 26 || bytes.toString("utf16le", entry, entry + 24) !== "WordDocument") continue;
        const start = bytes.readUInt32LE(entry + 0x74);
        const size = bytes.readUInt32LE(entry + 0x78);
        if (size >= bytes.readUInt32LE(0x38))
          return inFile(start) && bytes.readUInt16LE(offsetOf(start)) === WORD_FIB_IDENT;
        // A stream under the cutoff (4 KB) lives in the mini stream, the root
        // entry's chain, in 64-byte mini sectors.
        const miniOffset = start * 64;
        let mini = bytes.readUInt32LE(offsetOf(bytes.readUInt32LE(0x30)) + 0x74);
        for (let skip = Math.floor(miniOffset / sectorSize); skip > 0 && mini < END_OF_CHAIN; skip--)
          mini = nextSector(mini);
        return inFile(mini) && bytes.readUInt16LE(offsetOf(mini) + (miniOffset % sectorSize)) === WORD_FIB_IDENT;
      }
      sector = nextSector(sector);
    }
    return false;
  } catch {
    return false;
  }
}

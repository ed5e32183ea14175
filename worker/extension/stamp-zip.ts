// The browser extension, as a person downloads it from a running Feedloom: the built zip (a static
// asset) with one more file, app-origin.json, naming the origin it came from. The extension reads it on
// first run, so a zip downloaded from https://feedloom.example.com points there, never at localhost.
// The entry is appended as the ZIP format allows (PKWARE APPNOTE 6.3.x §4.3): a new local header and
// data where the central directory began, then the old central directory plus the new record, then a
// new end-of-central-directory record. Stored (method 0), so only a CRC-32 is computed.

export const EXTENSION_ZIP_PATH = '/feedloom-extension.zip';
export const APP_ORIGIN_FILE = 'app-origin.json';

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The archive with `name` added as a stored file; null when `zip` is not an archive we can extend. */
export function appendStoredEntry(zip: Uint8Array, name: string, data: Uint8Array): Uint8Array | null {
  if (zip.length < EOCD_SIZE) return null;
  const eocdAt = zip.length - EOCD_SIZE;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // Our own builder writes no archive comment, so the record is the last 22 bytes.
  if (view.getUint32(eocdAt, true) !== EOCD_SIGNATURE) return null;
  const entries = view.getUint16(eocdAt + 10, true);
  const directorySize = view.getUint32(eocdAt + 12, true);
  const directoryAt = view.getUint32(eocdAt + 16, true);
  if (directoryAt + directorySize !== eocdAt) return null;

  const nameBytes = new TextEncoder().encode(name);
  const crc = crc32(data);
  const local = new Uint8Array(30 + nameBytes.length);
  const localView = new DataView(local.buffer);
  localView.setUint32(0, 0x04034b50, true);
  localView.setUint16(4, 10, true); // version needed: 1.0 (stored)
  localView.setUint16(6, 0x0800, true); // UTF-8 name
  localView.setUint16(8, 0, true); // stored
  localView.setUint16(12, (1 << 5) | 1, true); // 1980-01-01, like any fixed date
  localView.setUint32(14, crc, true);
  localView.setUint32(18, data.length, true);
  localView.setUint32(22, data.length, true);
  localView.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);

  const central = new Uint8Array(46 + nameBytes.length);
  const centralView = new DataView(central.buffer);
  centralView.setUint32(0, 0x02014b50, true);
  centralView.setUint16(4, 20, true); // made by: 2.0
  centralView.setUint16(6, 10, true);
  centralView.setUint16(8, 0x0800, true);
  centralView.setUint16(10, 0, true);
  centralView.setUint16(14, (1 << 5) | 1, true);
  centralView.setUint32(16, crc, true);
  centralView.setUint32(20, data.length, true);
  centralView.setUint32(24, data.length, true);
  centralView.setUint16(28, nameBytes.length, true);
  centralView.setUint32(42, directoryAt, true); // the new local header starts where the directory was
  central.set(nameBytes, 46);

  const newDirectoryAt = directoryAt + local.length + data.length;
  const eocd = new Uint8Array(EOCD_SIZE);
  const eocdView = new DataView(eocd.buffer);
  eocdView.setUint32(0, EOCD_SIGNATURE, true);
  eocdView.setUint16(8, entries + 1, true);
  eocdView.setUint16(10, entries + 1, true);
  eocdView.setUint32(12, directorySize + central.length, true);
  eocdView.setUint32(16, newDirectoryAt, true);

  const parts = [zip.subarray(0, directoryAt), local, data, zip.subarray(directoryAt, eocdAt), central, eocd];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The zip from the static assets, stamped with `origin`; null when the extension was never built. */
export async function stampedExtensionZip(assets: Fetcher, requestUrl: string, origin: string) {
  const asset = await assets.fetch(new URL(EXTENSION_ZIP_PATH, requestUrl));
  // Under the SPA fallback a missing file answers index.html, so check what came back.
  if (!asset.ok || !asset.headers.get('content-type')?.includes('zip')) return null;
  const stamp = new TextEncoder().encode(`${JSON.stringify({ appUrl: origin })}\n`);
  return appendStoredEntry(new Uint8Array(await asset.arrayBuffer()), APP_ORIGIN_FILE, stamp);
}

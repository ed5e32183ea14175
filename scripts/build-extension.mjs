// `npm run build:extension`: builds the browser extension into extension/dist/ (load it unpacked from
// there) and packs it as dist/client/feedloom-extension.zip, which the Worker serves to admins at
// /api/admin/download-extension. esbuild bundles the TypeScript; the PNG icons and the ZIP are written
// here with node:zlib, so the build needs no other dependency. Run `npm run build` (which empties
// dist/client) before this, not after.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(ROOT, 'extension');
export const EXTENSION_DIR = join(SOURCE, 'dist');
export const EXTENSION_ZIP = join(ROOT, 'dist', 'client', 'feedloom-extension.zip');
const ENTRY_POINTS = ['background', 'content', 'popup', 'options'];
const ICON_SIZES = [16, 32, 48, 128];

// --- PNG (RFC 2083): 8-bit RGBA, one IDAT, filter 0 on every row ---

function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Feedloom's orange rounded square with the white feed symbol (a dot and two arcs), 4×4 supersampled. */
export function drawIcon(size) {
  const background = [0xc2, 0x41, 0x0c];
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  const radius = 0.22;
  const inRoundedSquare = (x, y) => {
    const dx = Math.max(radius - x, 0, x - (1 - radius));
    const dy = Math.max(radius - y, 0, y - (1 - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
  const inSymbol = (x, y) => {
    const cx = 0.27;
    const cy = 0.73;
    const distance = Math.hypot(x - cx, y - cy);
    if (Math.hypot(x - 0.31, y - 0.69) <= 0.085) return true;
    if (x < cx || y > cy) return false;
    return (distance >= 0.3 && distance <= 0.41) || (distance >= 0.52 && distance <= 0.63);
  };
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (!inRoundedSquare(x, y)) continue;
          cover++;
          if (inSymbol(x, y)) white++;
        }
      }
      const offset = (py * size + px) * 4;
      const mix = cover ? white / cover : 0;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = Math.round(background[channel] * (1 - mix) + 255 * mix);
      }
      pixels[offset + 3] = Math.round((cover / (samples * samples)) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

// --- ZIP (PKWARE APPNOTE 6.3.x): deflated entries, no data descriptors, no ZIP64 ---

// A fixed timestamp (2025-01-01 00:00, DOS format) keeps the archive identical between builds.
const DOS_TIME = 0;
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;

/** @param {{ name: string, data: Buffer }[]} entries */
export function createZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(data, { level: 9 });
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0); // version needed: 2.0 (deflate)
    fields.writeUInt16LE(0x0800, 2); // names are UTF-8
    fields.writeUInt16LE(stored ? 0 : 8, 4);
    fields.writeUInt16LE(DOS_TIME, 6);
    fields.writeUInt16LE(DOS_DATE, 8);
    fields.writeUInt32LE(crc32(data), 10);
    fields.writeUInt32LE(body.length, 14);
    fields.writeUInt32LE(data.length, 18);
    fields.writeUInt16LE(nameBytes.length, 22);
    fields.writeUInt16LE(0, 24); // no extra field
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), fields, nameBytes, body]);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode below applies
    fields.copy(central, 6, 0, 26);
    central.writeUInt16LE(0, 32); // no comment
    central.writeUInt16LE(0, 34); // disk 0
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(Buffer.concat([central, nameBytes]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

// --- the extension ---

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function writeManifest() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  // The version is package.json's, so the extension and the app it talks to are released together.
  const { manifest_version, name, ...rest } = JSON.parse(readFileSync(join(SOURCE, 'manifest.json'), 'utf8'));
  const manifest = { manifest_version, name, version, ...rest };
  writeFileSync(join(EXTENSION_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function buildExtension() {
  rmSync(EXTENSION_DIR, { recursive: true, force: true });
  mkdirSync(join(EXTENSION_DIR, 'icons'), { recursive: true });
  await build({
    entryPoints: ENTRY_POINTS.map((name) => join(SOURCE, 'src', `${name}.ts`)),
    outdir: EXTENSION_DIR,
    bundle: true,
    // Classic scripts: a Chromium service worker and Firefox's background scripts both load them.
    format: 'iife',
    target: ['chrome121', 'firefox121'],
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  });
  writeManifest();
  for (const file of listFiles(join(SOURCE, 'static'))) {
    writeFileSync(join(EXTENSION_DIR, relative(join(SOURCE, 'static'), file)), readFileSync(file));
  }
  for (const size of ICON_SIZES) writeFileSync(join(EXTENSION_DIR, 'icons', `icon-${size}.png`), drawIcon(size));

  const entries = listFiles(EXTENSION_DIR).map((file) => ({
    name: relative(EXTENSION_DIR, file).split(sep).join('/'),
    data: readFileSync(file),
  }));
  mkdirSync(dirname(EXTENSION_ZIP), { recursive: true });
  writeFileSync(EXTENSION_ZIP, createZip(entries));
  return { dir: EXTENSION_DIR, zip: EXTENSION_ZIP, files: entries.map((entry) => entry.name) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { dir, zip, files } = await buildExtension();
  console.log(`Extension built in ${relative(ROOT, dir)} (${files.length} files), packed as ${relative(ROOT, zip)}`);
}

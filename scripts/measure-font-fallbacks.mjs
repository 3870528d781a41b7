// Measures the metric-matched fallback of each bundled web font (src/shared/content/fonts.ts,
// FONT_FALLBACK_METRICS): the vertical metrics from the font file (woff2: head, hhea), and the
// size-adjust that makes Arial (sans) or Times New Roman (serif) set a line of English text as
// wide as the web font, measured in Chromium with Liberation Sans / Serif (their metric twins).
// Run: node scripts/measure-font-fallbacks.mjs  (prints the table to paste into fonts.ts)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const FONTS = [
  ['inter', 'sans'],
  ['work-sans', 'sans'],
  ['dm-sans', 'sans'],
  ['space-grotesk', 'sans'],
  ['lora', 'serif'],
  ['merriweather', 'serif'],
  ['libre-baskerville', 'serif'],
  ['playfair-display', 'serif'],
];
const SAMPLE =
  'The quick brown fox jumps over the lazy dog. Small-batch stoneware, thrown and glazed by hand ' +
  'in a converted boathouse on the Maine coast; every piece is fired to cone 6. 0123456789';

/** Reads a UIntBase128 (WOFF2 section 6.1.1). */
function base128(buf, at) {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const b = buf[at.pos++];
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) return value;
  }
  throw new Error('bad UIntBase128');
}

/** WOFF2's known table tags, by their 6-bit index (section 4.1). */
const KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
  'prep',
  'CFF ',
  'VORG',
  'EBDT',
  'EBLC',
  'gasp',
  'hdmx',
  'kern',
  'LTSH',
  'PCLT',
  'VDMX',
  'vhea',
  'vmtx',
  'BASE',
  'GDEF',
  'GPOS',
  'GSUB',
  'EBSC',
  'JSTF',
  'MATH',
  'CBDT',
  'CBLC',
  'COLR',
  'CPAL',
  'SVG ',
  'sbix',
  'acnt',
  'avar',
  'bdat',
  'bloc',
  'bsln',
  'cvar',
  'fdsc',
  'feat',
  'fmtx',
  'fvar',
  'gvar',
  'hsty',
  'just',
  'lcar',
  'mort',
  'morx',
  'opbd',
  'prop',
  'trak',
  'Zapf',
  'Silf',
  'Glat',
  'Gloc',
  'Feat',
  'Sill',
];

/** The untransformed tables of a woff2 file: tag → bytes (head, hhea, OS/2 are never transformed). */
function woff2Tables(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 0, 4) !== 'wOF2') throw new Error(`${file}: not woff2`);
  const numTables = buf.readUInt16BE(12);
  const compressedSize = buf.readUInt32BE(20);
  const at = { pos: 48 };
  const dir = [];
  for (let i = 0; i < numTables; i++) {
    const flags = buf[at.pos++];
    let tag;
    if ((flags & 0x3f) === 0x3f) {
      tag = buf.toString('latin1', at.pos, at.pos + 4);
      at.pos += 4;
    } else tag = KNOWN_TAGS[flags & 0x3f];
    const version = (flags >> 6) & 3;
    const origLength = base128(buf, at);
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? base128(buf, at) : origLength;
    dir.push({ tag, length });
  }
  const data = zlib.brotliDecompressSync(buf.subarray(at.pos, at.pos + compressedSize));
  const tables = {};
  let offset = 0;
  for (const t of dir) {
    tables[t.tag] = data.subarray(offset, offset + t.length);
    offset += t.length;
  }
  return tables;
}

function verticalMetrics(file) {
  const t = woff2Tables(file);
  const upm = t.head.readUInt16BE(18);
  return {
    upm,
    ascent: t.hhea.readInt16BE(4),
    descent: t.hhea.readInt16BE(6),
    lineGap: t.hhea.readInt16BE(8),
  };
}

const root = path.resolve(import.meta.dirname, '..');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
const rows = [];
for (const [id, kind] of FONTS) {
  const file = path.join(
    root,
    'node_modules',
    '@fontsource',
    id,
    'files',
    `${id}-latin-400-normal.woff2`,
  );
  const m = verticalMetrics(file);
  const b64 = fs.readFileSync(file).toString('base64');
  const local = kind === 'serif' ? 'Liberation Serif' : 'Liberation Sans';
  const ratio = await page.evaluate(
    async ({ b64, local, sample }) => {
      const face = new FontFace('Measured', `url(data:font/woff2;base64,${b64})`);
      document.fonts.add(await face.load());
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = '100px Measured';
      const web = ctx.measureText(sample).width;
      ctx.font = `100px '${local}'`;
      return web / ctx.measureText(sample).width;
    },
    { b64, local, sample: SAMPLE },
  );
  const sizeAdjust = ratio;
  const pct = (v) => Number(((v / (m.upm * sizeAdjust)) * 100).toFixed(2));
  rows.push({
    id,
    sizeAdjust: Number((sizeAdjust * 100).toFixed(2)),
    ascent: pct(m.ascent),
    descent: pct(Math.abs(m.descent)),
    lineGap: pct(m.lineGap),
  });
}
await browser.close();
for (const r of rows)
  console.log(
    `  '${r.id}': { sizeAdjust: ${r.sizeAdjust}, ascent: ${r.ascent}, descent: ${r.descent}, lineGap: ${r.lineGap} },`,
  );

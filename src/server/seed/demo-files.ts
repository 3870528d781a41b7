import type { Db } from '../db/database.js';
import { fileKey } from '../content/asset-files.js';
import type { ObjectStorage } from '../media/storage/index.js';
import type { DemoSiteData } from './demo-data.js';

/** Escapes a PDF string literal. */
function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A minimal, valid one-page PDF (US Letter, Helvetica): the title large, then the lines. Drawn
 * here rather than kept as a binary in demo/, like the demo images.
 */
export function onePagePdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT /F1 26 Tf 72 700 Td',
    `${pdfString(title)} Tj`,
    '/F1 12 Tf 0 -40 Td 16 TL',
    ...lines.map((l) => `${pdfString(l)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The demo websites' digital files (issue 12): stored like an uploaded file of the media library
 * (an `assets` row of kind 'file', its bytes at `fileKey`), then named by their products'
 * `digitalFile`, so buying the demo e-book gives a working download link.
 */
export async function seedDemoFiles(
  db: Db,
  storage: ObjectStorage,
  data: DemoSiteData,
): Promise<void> {
  const files = data.files ?? [];
  for (const f of files) {
    const bytes = onePagePdf(f.title, f.lines);
    await storage.put(fileKey(f.id, 1), bytes, { contentType: 'application/pdf' });
    await db
      .insertInto('assets')
      .values({
        id: f.id,
        site_id: data.site.id,
        filename: f.filename,
        content_type: 'application/pdf',
        width: 0,
        height: 0,
        title: f.title,
        kind: 'file',
        size: bytes.length,
      })
      .execute();
  }
  for (const p of data.products) {
    if (!p.digitalFile) continue;
    await db
      .updateTable('products')
      .set({ digital_asset_id: p.digitalFile })
      .where('site_id', '=', data.site.id)
      .where('item_id', '=', p.id)
      .execute();
  }
}

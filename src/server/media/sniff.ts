/**
 * What a file is, from its first bytes (never its name or the browser's claimed type). Images are
 * then decoded by sharp to be sure; other files are accepted when their signature is one of the
 * types a shop sells as a download. Small on purpose: the common signatures, no package.
 */

export interface Sniffed {
  kind: 'image' | 'file' | 'svg';
  contentType: string;
  /** The extension a download of it gets when its name has none. */
  ext: string;
}

/** Bytes needed to tell every type below apart. */
export const SNIFF_BYTES = 64;

const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

/** ISO BMFF (`ftyp` box at 4): AVIF, MP4, M4A, MOV by their major or compatible brands. */
function isoBrand(b: Buffer): Sniffed | undefined {
  if (!ascii(b, 4, 'ftyp')) return undefined;
  const boxEnd = Math.min(b.readUInt32BE(0), b.length);
  const brands = [b.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(b.toString('latin1', at, at + 4));
  if (brands[0] === 'avif' || brands[0] === 'avis') {
    return { kind: 'image', contentType: 'image/avif', ext: 'avif' };
  }
  if (brands[0] === 'qt  ') return { kind: 'file', contentType: 'video/quicktime', ext: 'mov' };
  if (brands[0] === 'M4A ' || brands[0] === 'M4B ') {
    return { kind: 'file', contentType: 'audio/mp4', ext: 'm4a' };
  }
  if (brands.some((x) => /^(isom|iso\d|mp4\d|avc1|dash|M4V |mmp4|f4v )$/.test(x))) {
    return { kind: 'file', contentType: 'video/mp4', ext: 'mp4' };
  }
  return undefined;
}

/** ZIP, and the formats that are ZIPs with a `mimetype` entry first (EPUB). */
function zipKind(b: Buffer): Sniffed {
  // The first local file header's name starts at 30; EPUB requires 'mimetype' there, stored.
  if (ascii(b, 30, 'mimetype') && ascii(b, 38, 'application/epub+zip')) {
    return { kind: 'file', contentType: 'application/epub+zip', ext: 'epub' };
  }
  return { kind: 'file', contentType: 'application/zip', ext: 'zip' };
}

function isSvg(b: Buffer): boolean {
  const head = b
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

export function sniff(head: Buffer): Sniffed | undefined {
  const b = head;
  if (b.length < 4) return undefined;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  }
  if (ascii(b, 0, '\x89PNG\r\n\x1a\n'))
    return { kind: 'image', contentType: 'image/png', ext: 'png' };
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) {
    return { kind: 'image', contentType: 'image/gif', ext: 'gif' };
  }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) {
    return { kind: 'image', contentType: 'image/webp', ext: 'webp' };
  }
  const iso = isoBrand(b);
  if (iso) return iso;
  if (ascii(b, 0, '%PDF-')) return { kind: 'file', contentType: 'application/pdf', ext: 'pdf' };
  if (ascii(b, 0, 'PK\x03\x04') || ascii(b, 0, 'PK\x05\x06')) return zipKind(b);
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) {
    return { kind: 'file', contentType: 'audio/wav', ext: 'wav' };
  }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'AVI ')) {
    return { kind: 'file', contentType: 'video/x-msvideo', ext: 'avi' };
  }
  if (ascii(b, 0, 'ID3')) return { kind: 'file', contentType: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame without a tag: 11 sync bits, layer III.
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xe6) === 0xe2) {
    return { kind: 'file', contentType: 'audio/mpeg', ext: 'mp3' };
  }
  if (ascii(b, 0, 'fLaC')) return { kind: 'file', contentType: 'audio/flac', ext: 'flac' };
  if (ascii(b, 0, 'OggS')) return { kind: 'file', contentType: 'audio/ogg', ext: 'ogg' };
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    return { kind: 'file', contentType: 'video/webm', ext: 'webm' };
  }
  if (b[0] === 0x1f && b[1] === 0x8b)
    return { kind: 'file', contentType: 'application/gzip', ext: 'gz' };
  if (ascii(b, 0, '7z\xbc\xaf\x27\x1c')) {
    return { kind: 'file', contentType: 'application/x-7z-compressed', ext: '7z' };
  }
  if (ascii(b, 0, 'Rar!\x1a\x07'))
    return { kind: 'file', contentType: 'application/vnd.rar', ext: 'rar' };
  if (isSvg(b)) return { kind: 'svg', contentType: 'image/svg+xml', ext: 'svg' };
  return undefined;
}

const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|heic|heif|svg|bmp|tiff?)$/i;

/** Whether the name or the browser's claimed type says image (which text a refusal uses). */
export function claimsImage(filename: string, mimetype: string | undefined): boolean {
  return IMAGE_NAME.test(filename) || /^image\//i.test(mimetype ?? '');
}

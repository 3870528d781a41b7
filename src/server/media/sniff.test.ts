import { describe, expect, it } from 'vitest';
import { claimsImage, sniff } from './sniff.js';

const b = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

/** An ISO BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const body = b('ftyp', major, [0, 0, 0, 0], ...compatible);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.alloc(16)]);
};

describe('sniff: the type of an upload by its first bytes', () => {
  it.each([
    ['JPEG', b([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg', 'image'],
    ['PNG', b('\x89PNG\r\n\x1a\n', [0, 0]), 'image/png', 'image'],
    ['GIF', b('GIF89a', [1, 0]), 'image/gif', 'image'],
    ['WebP', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'image'],
    ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'image/avif', 'image'],
    ['PDF', b('%PDF-1.7\n'), 'application/pdf', 'file'],
    ['ZIP', b('PK\x03\x04', [20, 0, 0, 0]), 'application/zip', 'file'],
    [
      'EPUB',
      Buffer.concat([b('PK\x03\x04'), Buffer.alloc(26), b('mimetypeapplication/epub+zip')]),
      'application/epub+zip',
      'file',
    ],
    ['MP3 (ID3)', b('ID3', [4, 0, 0]), 'audio/mpeg', 'file'],
    ['MP3 (frame)', b([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'file'],
    ['M4A', ftyp('M4A ', 'isom'), 'audio/mp4', 'file'],
    ['MP4', ftyp('isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', 'file'],
    ['MOV', ftyp('qt  '), 'video/quicktime', 'file'],
    ['WAV', b('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav', 'file'],
    ['FLAC', b('fLaC', [0, 0]), 'audio/flac', 'file'],
    ['OGG', b('OggS', [0, 2]), 'audio/ogg', 'file'],
    ['WebM', b([0x1a, 0x45, 0xdf, 0xa3, 1]), 'video/webm', 'file'],
    ['gzip', b([0x1f, 0x8b, 8, 0]), 'application/gzip', 'file'],
    [
      'SVG',
      b('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">'),
      'image/svg+xml',
      'svg',
    ],
  ])('%s', (_name, head, contentType, kind) => {
    expect(sniff(head)).toMatchObject({ contentType, kind });
  });

  it('knows nothing of text, HTML, executables or too few bytes', () => {
    for (const head of [
      b('hello, this is a text file'),
      b('<!doctype html><html>'),
      b('MZ', [0x90, 0, 3, 0]),
      b([0x7f], 'ELF', [2, 1]),
      b('PK'),
      ftyp('heic'),
    ]) {
      expect(sniff(head)).toBeUndefined();
    }
  });

  it('tells which refusal text to use from the name or the browser’s claim', () => {
    expect(claimsImage('photo.JPG', undefined)).toBe(true);
    expect(claimsImage('scan', 'image/png')).toBe(true);
    expect(claimsImage('book.pdf', 'application/pdf')).toBe(false);
  });
});

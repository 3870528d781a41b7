/** SPEC 8.7 upload texts with their blanks filled; the server sends them, the screen shows them. */
import { OwnerMessages } from '../errors.js';

const MB = 1024 * 1024;

/** '20 MB', '100 MB', '1.5 MB', '512 KB' — how the limit and file sizes read to an owner. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) {
    const mb = bytes / MB;
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);
}

/** 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.' */
export function fileTooLargeText(fileName: string, maxSize: string): string {
  return fill(OwnerMessages.FILE_TOO_LARGE, { fileName, maxSize });
}

/**
 * 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.' — the SPEC's
 * blank sits right before 'file' without a space, so a kind carries its own: 'image ' reads
 * '…a supported image file.', none reads '…a supported file.'.
 */
export function fileTypeText(fileName: string, kind: 'image' | 'file'): string {
  return fill(OwnerMessages.FILE_TYPE_UNSUPPORTED, {
    fileName,
    fileTypeMessage: kind === 'image' ? 'image ' : '',
  });
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '../../shared/errors.js';
import { MediaLimits } from '../../shared/media/api.js';
import { fileTooLargeText, formatSize } from '../../shared/media/messages.js';
import { appError } from '../errors/app-error.js';
import { SNIFF_BYTES, sniff } from './sniff.js';

/** One uploaded file, on local disk until it is processed (then `discard` it). */
export interface ReceivedFile {
  /** The owner's name for it, cleaned (no folders, no control characters). */
  filename: string;
  /** What the browser said it is; used only to word a refusal, never to accept anything. */
  claimedType: string;
  path: string;
  size: number;
  /** Its first bytes, for the sniffer. */
  head: Buffer;
  discard: () => Promise<void>;
}

const FILENAME_MAX = 200;

/** The last path segment, without control characters, at most 200 characters; never empty. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, FILENAME_MAX) || 'upload';
}

/**
 * Streams a multipart file to a temporary file (never whole in memory: files go up to 100 MB),
 * keeping its first bytes. Over MediaLimits.fileBytesMax the stream stops and the upload is
 * refused with SPEC 8.7's text — the limit an image gets when its first bytes say image.
 */
export async function receiveUpload(part: MultipartFile): Promise<ReceivedFile> {
  const filename = cleanFilename(part.filename);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'media-upload-'));
  const file = path.join(dir, crypto.randomUUID());
  const discard = () => fsp.rm(dir, { recursive: true, force: true });
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        headParts.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, fs.createWriteStream(file));
  } catch (err) {
    await discard();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(filename, Buffer.concat(headParts));
    }
    throw err;
  }
  if (part.file.truncated) {
    await discard();
    throw tooLarge(filename, Buffer.concat(headParts));
  }
  return {
    filename,
    claimedType: part.mimetype,
    path: file,
    size,
    head: Buffer.concat(headParts),
    discard,
  };
}

function tooLarge(filename: string, head: Buffer) {
  const max = sniff(head)?.kind === 'image' ? MediaLimits.imageBytesMax : MediaLimits.fileBytesMax;
  return appError(ErrorCode.FILE_TOO_LARGE, fileTooLargeText(filename, formatSize(max)));
}

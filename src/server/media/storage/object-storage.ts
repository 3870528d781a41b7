import type { Readable } from 'node:stream';

/** One stored object as read back: a stream of its bytes and their count. */
export interface StoredObject {
  body: Readable;
  /** Bytes in `body` (the range's length when a range was asked for). */
  size: number;
}

/** Bytes `start` to `end`, both included (HTTP's byte ranges), within the object. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the media library keeps bytes (docs/media.md): image widths, uploaded files, nothing
 * else. Keys are slash-separated paths such as `assets/{assetId}/300w.webp`; callers build them
 * (media/keys.ts) so every backend lays objects out the same way.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Writes an object whole or not at all: a reader never sees half of it. A stream body needs
   * `size` (S3 wants the length up front).
   */
  put(
    key: string,
    body: Buffer | Readable,
    opts: { contentType: string; size?: number },
  ): Promise<void>;
  /** The object (or one range of it) as a stream, or undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes these objects; missing ones are no error. */
  delete(keys: readonly string[]): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * Keys are ours, never a client's, but a bad one must still not reach outside the storage root:
 * no empty segments, no segment starting with a dot ('..'), a small alphabet.
 */
export function checkKey(key: string): string {
  if (key.length > 500 || !KEY.test(key)) throw new Error(`Invalid storage key '${key}'`);
  return key;
}

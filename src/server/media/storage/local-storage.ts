import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.js';

/**
 * Objects as files under a root folder (DATA_DIR): `{root}/{key}`. A put writes a temporary file
 * beside the target and renames it into place, so readers (this process or another on the same
 * folder) see the old file or the new one, never a part.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp-${crypto.randomUUID()}`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const file = this.file(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch {
      return undefined;
    }
    // Opened first, then streamed from the handle: a rename or delete in between cannot make the
    // stream fail half-way on a POSIX file system.
    const { size } = await handle.stat();
    if (range) {
      const body: Readable = handle.createReadStream({ start: range.start, end: range.end });
      return { body, size: range.end - range.start + 1 };
    }
    const body: Readable = handle.createReadStream();
    return { body, size };
  }

  async exists(key: string): Promise<boolean> {
    return fsp
      .stat(this.file(key))
      .then((s) => s.isFile())
      .catch(() => false);
  }

  async delete(keys: readonly string[]): Promise<void> {
    const dirs = new Set<string>();
    await Promise.all(
      keys.map(async (key) => {
        const file = this.file(key);
        dirs.add(path.dirname(file));
        await fsp.rm(file, { force: true });
      }),
    );
    // Leave no empty folders behind (an asset's folder after its last width went); a folder that
    // still holds something stays (rmdir refuses).
    for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
      let d = dir;
      while (d.startsWith(this.root + path.sep) && d !== this.root) {
        const removed = await fsp.rmdir(d).then(
          () => true,
          () => false,
        );
        if (!removed) break;
        d = path.dirname(d);
      }
    }
  }
}

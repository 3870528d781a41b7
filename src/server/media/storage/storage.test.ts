import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../testing/fake-s3.js';
import { LocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

/** The one contract every storage keeps; run against the local disk and a local S3. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: ObjectStorage; close: () => Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: ObjectStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => close?.());

    it('puts, reads back as a stream, tells existence and deletes', async () => {
      const key = 'assets/a1/300w.webp';
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeUndefined();
      await storage.put(key, Buffer.from('hello bytes'), { contentType: 'image/webp' });
      expect(await storage.exists(key)).toBe(true);
      const got = await storage.get(key);
      expect(got?.size).toBe(11);
      expect(await text(got!.body)).toBe('hello bytes');
      await storage.delete([key]);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeUndefined();
    });

    it('takes a stream body of a known size and overwrites whole', async () => {
      const key = 'files/f1/r1';
      const big = Buffer.alloc(3 * 1024 * 1024, 7);
      await storage.put(key, Readable.from([big.subarray(0, 1000), big.subarray(1000)]), {
        contentType: 'application/pdf',
        size: big.length,
      });
      const got = await storage.get(key);
      expect(got?.size).toBe(big.length);
      const chunks: Buffer[] = [];
      for await (const c of got!.body) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(big)).toBe(true);
      await storage.put(key, Buffer.from('second'), { contentType: 'application/pdf' });
      expect(await text((await storage.get(key))!.body)).toBe('second');
      await storage.delete([key]);
    });

    it('reads a byte range', async () => {
      const key = 'files/range/r1';
      await storage.put(key, Buffer.from('0123456789'), { contentType: 'application/pdf' });
      const part = await storage.get(key, { start: 2, end: 5 });
      expect(part?.size).toBe(4);
      expect(await text(part!.body)).toBe('2345');
      expect(await text((await storage.get(key, { start: 9, end: 9 }))!.body)).toBe('9');
      await storage.delete([key]);
    });

    it('deletes several at once, missing ones included', async () => {
      const keys = ['assets/b/100w.jpg', 'assets/b/100w.webp', 'assets/b/r2/100w.jpg'];
      for (const k of keys) await storage.put(k, Buffer.from(k), { contentType: 'image/jpeg' });
      await storage.delete([...keys, 'assets/b/never.jpg']);
      for (const k of keys) expect(await storage.exists(k)).toBe(false);
    });

    it('refuses keys that could leave the storage root', async () => {
      for (const bad of ['../x', 'a/../../x', '/abs', 'a//b', '.hidden', 'a/.x', '']) {
        await expect(
          storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }),
        ).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}

storageContract('local disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));
  return {
    storage: new LocalStorage(dir),
    close: async () => {
      // Deletes leave no empty folders behind.
      expect(fs.readdirSync(dir)).toEqual([]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

storageContract('S3 (s3rver)', async () => {
  const fake: FakeS3 = await startFakeS3();
  const storage = new S3Storage(fake.settings);
  return {
    storage,
    close: async () => {
      storage.destroy();
      await fake.close();
    },
  };
});

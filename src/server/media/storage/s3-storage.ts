import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  checkKey,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.js';
import type { S3Settings } from './s3-settings.js';

function notFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return (
      err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'
    );
  }
  return false;
}

/**
 * Objects in an S3-compatible bucket (the official AWS SDK). Every process of every machine sees
 * the same objects, so any of them serves any image. A PutObject is atomic by S3's rules.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      ...(s.accessKeyId && s.secretAccessKey
        ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
        : {}),
      // Checksums on every request by default since SDK 3.729; S3-compatible servers that predate
      // them (s3rver, older MinIO) refuse or ignore them: send them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string): string {
    return this.s.prefix + checkKey(key);
  }

  async put(
    key: string,
    body: Buffer | Readable,
    opts: { contentType: string; size?: number },
  ): Promise<void> {
    const size = Buffer.isBuffer(body) ? body.length : opts.size;
    if (size === undefined) throw new Error('S3 put of a stream needs its size');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: this.key(key),
        Body: body,
        ContentLength: size,
        ContentType: opts.contentType,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.s.bucket,
          Key: this.key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return { body: res.Body, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: this.key(key) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys a call.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.s.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: this.key(k) })), Quiet: true },
        }),
      );
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

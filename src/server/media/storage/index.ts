import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import type { S3Settings } from './s3-settings.js';

export type { ByteRange, ObjectStorage, StoredObject } from './object-storage.js';

const byConfig = new WeakMap<Config, ObjectStorage>();

/**
 * The media storage of this configuration: S3 when S3_BUCKET is set, else the local disk under
 * DATA_DIR. One instance per configuration, so the image routes, the media routes and the seed
 * share one S3 client (and its connection pool).
 */
export function storageFor(config: Config): ObjectStorage {
  let s = byConfig.get(config);
  if (!s) {
    s = config.s3 ? lazyS3(config.s3) : new LocalStorage(config.dataDir);
    byConfig.set(config, s);
  }
  return s;
}

/** The AWS SDK is large: loaded on the first S3 call, never on a server without S3. */
function lazyS3(settings: S3Settings): ObjectStorage {
  let real: Promise<ObjectStorage> | undefined;
  const load = () => (real ??= import('./s3-storage.js').then((m) => new m.S3Storage(settings)));
  return {
    kind: 's3',
    put: async (key, body, opts) => (await load()).put(key, body, opts),
    get: async (key, range) => (await load()).get(key, range),
    exists: async (key) => (await load()).exists(key),
    delete: async (keys) => (await load()).delete(keys),
  };
}

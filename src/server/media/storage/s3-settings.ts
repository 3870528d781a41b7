// No SDK import here: config.ts reads these on every start, and the AWS SDK loads only when used.

/** S3_* settings (config.ts reads them with `s3SettingsFromEnv`). */
export interface S3Settings {
  bucket: string;
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com; unset: AWS's. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Path-style addressing (`{endpoint}/{bucket}/{key}`): MinIO, s3rver, most self-hosted ones. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations. */
  prefix: string;
}

/**
 * S3_BUCKET switches the media storage to S3; the rest are optional (credentials otherwise come
 * from the SDK's usual chain: AWS_* variables, the instance role…).
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: ['1', 'true', 'yes', 'on'].includes(
      (env.S3_FORCE_PATH_STYLE ?? '').toLowerCase(),
    ),
    prefix: prefix ? `${prefix}/` : '',
  };
}

import crypto from 'node:crypto';
import { MediaApi } from '../../shared/media/api.js';

/**
 * Signed download links for files that are never public (digital products' files, originals).
 * The link names the website, the asset and an expiry, signed with a key derived from SECRET, so
 * every process verifies every link and nobody can make one for another asset or a later time.
 *
 * The key is installed when the media routes register (the app's SECRET); until then no link can
 * be made. A signature does not outlive a replacement of the bytes: it covers the asset, not one
 * revision, so a link sent before a replace downloads the new file — what a buyer should get.
 */
let signingKey: Buffer | undefined;

export function installSigningSecret(secret: string): void {
  // No SECRET at all (never in production: server.ts generates one): random, this process only.
  const base = secret || crypto.randomBytes(32).toString('base64');
  signingKey = crypto.createHmac('sha256', base).update('media-download-links').digest();
}

function signature(siteId: string, assetId: string, expires: number): string {
  if (!signingKey) throw new Error('Media download links need the media routes registered first');
  return crypto
    .createHmac('sha256', signingKey)
    .update(`${siteId}\n${assetId}\n${expires}`)
    .digest('base64url');
}

/**
 * `/api/media/{assetId}/download?expires={epoch s}&signature=…` — a link (relative to the
 * website's origin) that downloads the asset's file as an attachment until it expires.
 */
export function signedFileUrl(
  site: { id: string },
  assetId: string,
  expiresInSeconds: number,
  now: number = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + Math.max(1, Math.floor(expiresInSeconds));
  const qs = new URLSearchParams({
    expires: String(expires),
    signature: signature(site.id, assetId, expires),
  });
  return `${MediaApi.download(assetId)}?${qs.toString()}`;
}

/** Whether a download link is genuine and not expired (constant-time comparison). */
export function verifyFileSignature(
  siteId: string,
  assetId: string,
  expires: number,
  given: string,
  now: number,
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(siteId, assetId, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

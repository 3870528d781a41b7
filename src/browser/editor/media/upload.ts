import { CRUMB_COOKIE, CRUMB_HEADER } from '../../../shared/wire-names.js';
import { OwnerMessages } from '../../../shared/errors.js';
import { MediaApi, type MediaAsset } from '../../../shared/media/api.js';
import { ApiError, toApiError } from '../../lib/api.js';
import { readCookie } from '../../lib/cookies.js';
import { LOGIN_URL } from '../editor-fetch.js';

/**
 * Sends one file to the media library (POST /api/media, or PUT …/{id}/file to replace an asset's
 * bytes) by XMLHttpRequest, which — unlike fetch — reports upload progress. The crumb goes in
 * its header as `apiFetch` sends it. Resolves with the stored asset; rejects with an ApiError
 * whose message is what the owner reads: the server's SPEC text for a refusal ('The file … is
 * too large…', '…does not appear to be a supported image file.'), else SPEC 8.7's 'There was a
 * problem while uploading your file.'. An abort rejects with a DOMException named AbortError.
 */
export function uploadMedia(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MediaAsset> {
  return sendFile('POST', MediaApi.list, file, onProgress, signal);
}

/** The same for new bytes of an existing asset: same id, new revision, new URLs. */
export function replaceMedia(
  assetId: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MediaAsset> {
  return sendFile('PUT', MediaApi.replace(assetId), file, onProgress, signal);
}

function sendFile(
  method: 'POST' | 'PUT',
  url: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MediaAsset> {
  return new Promise<MediaAsset>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    const crumb = readCookie(CRUMB_COOKIE);
    if (crumb !== undefined) xhr.setRequestHeader(CRUMB_HEADER, crumb);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const asset = (body as { asset?: MediaAsset } | undefined)?.asset;
        if (asset) {
          onProgress?.(1);
          resolve(asset);
          return;
        }
      }
      if (xhr.status === 401) window.location.assign(LOGIN_URL);
      reject(uploadError(xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK', OwnerMessages.UPLOAD_FAILED));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Refusals (4xx) keep the server's text; anything else is SPEC 8.7's upload failure. */
function uploadError(status: number, body: unknown): ApiError {
  const e = toApiError(status, body);
  if (status >= 400 && status < 500) return e;
  return new ApiError(status, e.code, OwnerMessages.UPLOAD_FAILED, body);
}

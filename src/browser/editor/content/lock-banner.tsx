import { useEffect, useState } from 'react';
import {
  LOCK_TTL_MS,
  VersionApi,
  type LockResponse,
  type VersionedKind,
} from '../../../shared/content/versions-api.js';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../../../shared/wire-names.js';
import { readCookie } from '../../lib/cookies.js';
import { editorFetch } from '../editor-fetch.js';
import './content.css';

export interface EditLock {
  /** The last answer; null before the first one (or when the lock routes are not reachable). */
  lock: LockResponse | null;
  /** Someone else holds it: the editor disables saving (the server would answer 423). */
  lockedByOther: boolean;
}

/**
 * Takes the edit lock of a page or item while its editor is open, renews it every third of
 * `LOCK_TTL_MS` (so it never lapses while the tab is open) and releases it on leaving. When
 * someone else holds it, the renewals keep asking, so the editor unlocks itself once they leave.
 * `id` null (a new, unsaved item) takes nothing.
 */
export function useEditLock(kind: VersionedKind, id: string | null): EditLock {
  const [lock, setLock] = useState<LockResponse | null>(null);

  useEffect(() => {
    setLock(null);
    if (!id) return;
    const ctrl = new AbortController();
    const take = () => {
      editorFetch<LockResponse>(VersionApi.lock(kind, id), {
        method: 'POST',
        signal: ctrl.signal,
      }).then(
        (res) => {
          if (!ctrl.signal.aborted) setLock(res);
        },
        // A viewer may not lock, a network blip: keep the last answer; the server still checks.
        () => undefined,
      );
    };
    take();
    const timer = setInterval(take, LOCK_TTL_MS / 3);
    return () => {
      ctrl.abort();
      clearInterval(timer);
      releaseLock(VersionApi.lock(kind, id));
    };
  }, [kind, id]);

  return { lock, lockedByOther: !!lock?.holder && !lock.mine };
}

/**
 * Release on leaving: `keepalive` lets the request finish when the tab is closing. Failures are
 * harmless (the lock lapses after `LOCK_TTL_MS`).
 */
function releaseLock(path: string): void {
  const crumb = readCookie(CRUMB_COOKIE);
  void fetch(path, {
    method: 'DELETE',
    credentials: 'same-origin',
    keepalive: true,
    headers: crumb === undefined ? {} : { [CRUMB_HEADER]: crumb },
  }).catch(() => undefined);
}

/**
 * "{name} is editing this page": shown above an editor while another owner holds its lock.
 * Nothing when the lock is ours or free.
 */
export function LockBanner({ lock, noun = 'page' }: { lock: EditLock; noun?: string }) {
  if (!lock.lockedByOther || !lock.lock?.holder) return null;
  const { holder } = lock.lock;
  return (
    <div className="ed-alert ed-lock-banner" role="status">
      <span className="ed-lock-icon" aria-hidden="true">
        🔒
      </span>
      <p>
        <strong>
          {holder.name} is editing this {noun}
        </strong>{' '}
        <span className="ed-muted">
          since {new Date(holder.since).toLocaleTimeString([], { timeStyle: 'short' })}. Saving is
          off until they leave; this screen unlocks by itself then.
        </span>
      </p>
    </div>
  );
}

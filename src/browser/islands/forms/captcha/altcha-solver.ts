import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge } from 'altcha-lib/types';
import { ALTCHA_CHALLENGE_PATH } from '../../../../shared/forms/captcha.js';

/**
 * Fetches a challenge from our server and solves the proof of work with Web Crypto SHA-256
 * (on the main thread: it takes a fraction of a second and keeps the bundle to a few KB).
 * Resolves with the payload the server verifies: base64 JSON `{ challenge, solution }`.
 */
export async function solveAltcha(signal?: AbortSignal): Promise<string> {
  const res = await fetch(ALTCHA_CHALLENGE_PATH, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new Error(`challenge: HTTP ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('challenge not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

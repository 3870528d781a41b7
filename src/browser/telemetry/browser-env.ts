import type { PrivacySignals } from '../../shared/telemetry/skip-rules.js';
import { withViewer } from '../../shared/telemetry/page-context.js';
import { SITE_USER_COOKIE } from '../../shared/wire-names.js';
import { parseSiteUser } from '../../shared/customers/api.js';
import { CONSENT_COOKIE } from '../../shared/telemetry/constants.js';
import {
  SITE_CONTEXT_ELEMENT_ID,
  parseSiteContext,
  type SiteContext,
} from '../../shared/telemetry/page-context.js';

/** Small DOM helpers every telemetry script shares. None of them throws. */

export function getCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1]!;
  }
}

/** Values are ours (ids, digits, `|`: all valid cookie octets), so they are written as they are. */
export function setCookie(name: string, value: string, maxAgeMs: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${value}; path=/; max-age=${Math.round(maxAgeMs / 1000)}; samesite=lax${secure}`;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0`;
}

/** A random id: crypto.randomUUID where the page is a secure context, else 122 random bits. */
export function randomId(): string {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export function privacySignals(): PrivacySignals {
  const n = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const w = window as Window & { doNotTrack?: string };
  const dnt = n.doNotTrack ?? w.doNotTrack ?? n.msDoNotTrack;
  return {
    doNotTrack: dnt === '1' || dnt === 'yes',
    globalPrivacyControl: n.globalPrivacyControl === true,
    consented: getCookie(CONSENT_COOKIE) === '1',
  };
}

export function readSiteContext(): SiteContext | null {
  const ctx = parseSiteContext(document.getElementById(SITE_CONTEXT_ELEMENT_ID)?.textContent);
  // Pages are cached and hold no viewer data; who is signed in comes from the readable
  // `ss_auth` hint cookie, whose value is the viewer's role numbers on this website.
  // A signed-in customer (SPEC 3.8's site-user cookie, issue 14) is a member with no role here,
  // so SPEC 6's rule skips them too.
  const hint = getCookie('ss_auth') ?? (parseSiteUser(getCookie(SITE_USER_COOKIE)) ? '0' : null);
  return ctx ? withViewer(ctx, hint) : null;
}

/** POST that gives up after `timeoutMs` (AbortController); resolves to the status, 0 on failure. */
export async function post(
  url: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  timeoutMs = 0,
): Promise<number> {
  const ctl = typeof AbortController === 'function' ? new AbortController() : undefined;
  const timer = timeoutMs && ctl ? setTimeout(() => ctl.abort(), timeoutMs) : undefined;
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers,
      credentials: 'same-origin',
      keepalive: true,
      ...(ctl ? { signal: ctl.signal } : {}),
    });
    return res.status;
  } catch {
    return 0;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

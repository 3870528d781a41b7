import { OwnerMessages } from '../errors.js';
import { editorEmailError, redirectError } from '../forms/builder-rules.js';

/** The two forms a link takes, filled into SPEC 5.7's 'Links must be formatted as {host} or {host}'. */
export const LINK_FORMAT_TEXT = OwnerMessages.LINK_FORMAT.replace(
  '{host}',
  'https://example.com',
).replace('{host}', '/page');

/**
 * Checks a link an owner writes (buttons, images, rich text, header button), with SPEC 5.7's
 * texts. Accepted: a path on this website ('/shop', '/about#team'), an http(s) URL, `mailto:`
 * with a valid address, `tel:` with digits, and '#anchor'. A bare host ('example.com') gets the
 * format hint; anything else '{val} is not a valid page URL'. Empty is fine (no link).
 */
export function linkError(value: string): string | undefined {
  const v = value.trim();
  if (!v || /^#[\w-]{1,100}$/.test(v)) return undefined;
  const lower = v.toLowerCase();
  if (lower.startsWith('mailto:')) {
    const address = v.slice('mailto:'.length).split('?')[0] ?? '';
    return editorEmailError(decodeURIComponentSafe(address));
  }
  if (lower.startsWith('tel:')) {
    return /^tel:\+?[\d\s().-]{3,30}$/i.test(v) ? undefined : pageUrlInvalid(v);
  }
  // 'example.com/x': a host written without its scheme.
  if (!v.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(v) && /^[\w-]+(\.[\w-]+)+(\/|$)/.test(v)) {
    return LINK_FORMAT_TEXT;
  }
  return redirectError(v);
}

function pageUrlInvalid(v: string): string {
  return OwnerMessages.PAGE_URL_INVALID.replace('{val}', v);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

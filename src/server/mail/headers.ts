import { isMailSafeAddress } from '../../shared/forms/email.js';

/** Header values never carry CR or LF (DESIGN 7): line breaks become one space. */
export function headerSafe(value: string): string {
  let out = '';
  for (const ch of value.replace(/[\r\n\u2028\u2029]+/g, ' ')) {
    const c = ch.charCodeAt(0);
    // Other control characters (NUL, ESC…) have no place in a header either; tabs stay.
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) continue;
    out += ch;
  }
  return out;
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;
/** Headers the mailer sets itself; callers may not override them. */
const RESERVED = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'content-type', 'mime-version']);

/** Extra headers with safe names and CR/LF-free values; anything else is an error. */
export function safeHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || RESERVED.has(name.toLowerCase())) {
      throw new Error(`mail header not allowed: ${JSON.stringify(name)}`);
    }
    out[name] = headerSafe(String(value));
  }
  return out;
}

/**
 * A single recipient address: one bare address (local part, '@', a domain with a dot), nothing that
 * could add recipients or headers (no specials, no control characters: the rule the forms and
 * checkout check when the address is typed, shared/forms/email.ts). Any top-level domain: the
 * checkout takes `shop@example.studio`, whose order mails must go out. Returns it, or throws.
 */
export function safeAddress(address: string): string {
  const a = address.trim();
  if (a.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a) || !isMailSafeAddress(a)) {
    throw new Error(`not a valid recipient address: ${JSON.stringify(address)}`);
  }
  return a;
}

/** A display name for From/Reply-To, quoted by nodemailer; CR/LF and angle brackets removed. */
export function safeDisplayName(name: string): string {
  return headerSafe(name).replace(/[<>"]/g, '').trim().slice(0, 100);
}

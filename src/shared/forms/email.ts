import { hasControlChar } from '../clean-text.js';

/**
 * SPEC 5.7 / 9.3: 3 to 256 characters; a local part, '@', a dotted domain ending in 2 to 4
 * alphanumerics. No spaces or further '@' anywhere.
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[a-z0-9]{2,4}$/i;

/**
 * Characters no address we mail may hold (issue 11): every address a visitor types ends up as
 * a To or Reply-To header, where `<>"(),;:[]\` and control characters would quote, list or
 * comment (RFC 5322 specials) — and the mailer refuses them. Refusing them when the address is
 * typed gives the visitor 'Email is invalid' instead of a submission that cannot send its mail
 * (it was a 500). The SPEC's "simple pattern" says nothing of them; RFC 5321's unquoted local
 * part allows none of them either.
 */
const MAIL_SPECIALS = /["(),:;<>[\]\\]/;

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/** Whether an address can go into a mail header as it is (see MAIL_SPECIALS). */
export function isMailSafeAddress(value: string): boolean {
  return !MAIL_SPECIALS.test(value) && !hasControlChar(value);
}

export function isValidEmail(value: string): boolean {
  return (
    value.length >= EMAIL_MIN_LENGTH &&
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value) &&
    isMailSafeAddress(value)
  );
}

/**
 * An address we mail that a person types for themselves (checkout, accounts): any top-level
 * domain of 2 or more letters, digits or hyphens (.studio, .photography), which SPEC 5.7's
 * 2-to-4 pattern for form fields would refuse; at most 254 characters (RFC 5321's path limit);
 * none of the header specials.
 */
const MAILABLE_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[a-z0-9-]{2,}$/i;
export const MAILABLE_MAX_LENGTH = 254;

export function isMailableAddress(value: string): boolean {
  return (
    value.length >= EMAIL_MIN_LENGTH &&
    value.length <= MAILABLE_MAX_LENGTH &&
    MAILABLE_PATTERN.test(value) &&
    isMailSafeAddress(value)
  );
}

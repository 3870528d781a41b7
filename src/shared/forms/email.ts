/**
 * SPEC 5.7 / 9.3: 3 to 256 characters; a local part, '@', a dotted domain ending in 2 to 4
 * alphanumerics. No spaces or further '@' anywhere.
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[a-z0-9]{2,4}$/i;

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

export function isValidEmail(value: string): boolean {
  return (
    value.length >= EMAIL_MIN_LENGTH &&
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value)
  );
}

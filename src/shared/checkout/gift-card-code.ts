/**
 * A gift card code's form (issue 15), on its own so the checkout page loads only this, not the
 * purchase page's and the owner's checks (gift-cards.ts re-exports it).
 */

/**
 * The characters a code is made of: A–Z and 2–9 without the look-alikes 0/O and 1/I, so a code
 * read off paper is typed right. 32 characters: 5 bits each, 16 characters = 80 random bits.
 */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;
const MASK_GROUP = '\u2022\u2022\u2022\u2022';

/** The code as stored and hashed: upper case, without spaces and dashes ('abcd-efgh …' typed). */
export function normalizeGiftCardCode(code: string): string {
  return code.toUpperCase().replace(/[\s\-‐-―]+/g, '');
}

/**
 * True when the text is shaped like a gift card code (16 characters of the alphabet once
 * normalized). The checkout's single "Discount code or gift card" field sends such a text as a
 * gift card and anything else as a discount code.
 */
export function looksLikeGiftCardCode(text: string): boolean {
  const code = normalizeGiftCardCode(text);
  if (code.length !== GIFT_CARD_CODE_LENGTH) return false;
  for (const ch of code) if (!GIFT_CARD_ALPHABET.includes(ch)) return false;
  return true;
}

/** For reading: 'ABCD EFGH JKLM NPQR'. */
export function groupCode(code: string): string {
  return (normalizeGiftCardCode(code).match(/.{1,4}/g) ?? []).join(' ');
}

/** The last 4 characters, all the owner's list and the buyer ever see again. */
export function codeLast4(code: string): string {
  return normalizeGiftCardCode(code).slice(-4);
}

/** '•••• •••• •••• NPQR' from a code or its last 4. */
export function maskCode(codeOrLast4: string): string {
  return `${MASK_GROUP} ${MASK_GROUP} ${MASK_GROUP} ${codeLast4(codeOrLast4)}`;
}

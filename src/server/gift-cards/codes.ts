import crypto from 'node:crypto';
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normalizeGiftCardCode,
} from '../../shared/checkout/gift-cards.js';

/**
 * A new code: 16 characters drawn uniformly from the 32-letter alphabet by the CSPRNG (80 bits:
 * unguessable, and a collision with another card's hash is refused by the UNIQUE index).
 */
export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) {
    code += GIFT_CARD_ALPHABET[crypto.randomInt(GIFT_CARD_ALPHABET.length)];
  }
  return code;
}

/** What is stored and looked up instead of the code: sha256 of the normalized code (hex). */
export function giftCardCodeHash(code: string): string {
  return crypto.createHash('sha256').update(normalizeGiftCardCode(code)).digest('hex');
}

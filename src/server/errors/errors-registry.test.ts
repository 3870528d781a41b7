import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode, Messages, OwnerMessages, errorRegistry } from '../../shared/errors.js';
import { appError } from './app-error.js';
import { ERRORS_DOC_COMMAND, ERRORS_DOC_PATH, errorsDoc } from './errors-doc.js';

describe('the error registry', () => {
  it('has a deliberate number of codes', () => {
    // Adding a code is a published change: add it at the end, then update this number and run
    // `npm run docs:errors`.
    expect(Object.keys(errorRegistry)).toHaveLength(103);
  });

  it('keeps every status clients rely on', () => {
    const notBadRequest = Object.fromEntries(
      Object.entries(errorRegistry)
        .filter(([, r]) => r.status !== 400)
        .map(([code, r]) => [code, r.status]),
    );
    expect(notBadRequest).toEqual({
      CRUMB_INVALID: 403,
      COOKIES_DISABLED: 403,
      RATE_LIMITED: 429,
      NOT_FOUND: 404,
      NO_SUCH_WEBSITE: 404,
      CART_ENTRY_NOT_FOUND: 404,
      FORM_NOT_CONFIGURED: 404,
      INVALID_CREDENTIALS: 401,
      UNAUTHENTICATED: 401,
      FORM_KEY_INVALID: 401,
      FORBIDDEN: 403,
      INTERNAL: 500,
      PAYLOAD_TOO_LARGE: 413,
      OUT_OF_STOCK: 409,
      IDEMPOTENCY_KEY_REUSED: 409,
      RESTOCK_IN_STOCK: 409,
      CHECKOUT_CART_CHANGED: 409,
      PAYMENT_DECLINED: 402,
      PAYMENT_ACTION_REQUIRED: 402,
      ORDER_ACTION_INVALID: 409,
      REFUND_TOO_LARGE: 409,
      PRODUCT_CONFLICT: 409,
      TAG_EXISTS: 409,
      FILE_TOO_LARGE: 413,
      FILE_TYPE_UNSUPPORTED: 415,
      MEDIA_IN_USE: 409,
      CONTENT_CONFLICT: 409,
      CONTENT_LOCKED: 423,
      SLUG_TAKEN: 409,
      PAGE_NOT_DELETABLE: 409,
      FOLDER_NOT_EMPTY: 409,
      PAGE_PASSWORD_WRONG: 403,
      DISCOUNT_UNAVAILABLE: 409,
      DISCOUNT_CODE_TAKEN: 409,
      GIFT_CARD_BALANCE_CHANGED: 409,
      SUBSCRIPTION_ACTION_INVALID: 409,
      SUBSCRIPTION_LINK_INVALID: 404,
      COMMENTS_CLOSED: 403,
      REVIEW_EXISTS: 409,
      REVIEW_LINK_INVALID: 404,
      REVIEWS_OFF: 403,
      CUSTOMER_ACCOUNTS_OFF: 404,
      CUSTOMER_SIGN_IN_REQUIRED: 401,
      SIGNUP_DISABLED: 403,
      EMAIL_TAKEN: 409,
      EMAIL_NOT_VERIFIED: 403,
      TOTP_REQUIRED: 401,
      WEBSITE_SLUG_TAKEN: 409,
      DOMAIN_TAKEN: 409,
      MEMBER_EXISTS: 409,
      LAST_ADMIN: 409,
      DEVELOPER_MODE_OFF: 403,
      TEMPLATE_ERRORS: 422,
    });
  });

  it('gives each code a Messages text and a one-line doc', () => {
    const texts = new Set<string>([...Object.values(Messages), ...Object.values(OwnerMessages)]);
    for (const [code, r] of Object.entries(errorRegistry)) {
      // The SPEC's blank alert is the only code without a text.
      if (code !== 'CUSTOM_FORM_RENDER_ERROR') expect(texts.has(r.message), code).toBe(true);
      expect(r.doc.length, code).toBeGreaterThan(10);
      expect(r.doc, code).not.toContain('\n');
      expect(ErrorCode[code as ErrorCode]).toBe(code);
    }
  });

  it('gives appError the status and default text of the record', () => {
    const e = appError(ErrorCode.CART_EMPTY);
    expect([e.status, e.message]).toEqual([400, Messages.CART_EMPTY]);
    const precise = appError(ErrorCode.OUT_OF_STOCK, 'Only 2 left.', { available: 2 });
    expect([precise.status, precise.message, precise.details]).toEqual([
      409,
      'Only 2 left.',
      { available: 2 },
    ]);
  });

  it(`matches ${ERRORS_DOC_PATH}`, async () => {
    const expected = await errorsDoc();
    const actual = fs.existsSync(ERRORS_DOC_PATH) ? fs.readFileSync(ERRORS_DOC_PATH, 'utf8') : '';
    expect(
      actual === expected,
      `${ERRORS_DOC_PATH} is out of date with src/shared/errors.ts: run \`${ERRORS_DOC_COMMAND}\``,
    ).toBe(true);
  });
});

import { useId, useState } from 'react';
import { fillText, type StorefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { formatMoney } from '../../../shared/money.js';
import type { CartJson } from './cart-json.js';
import { Message } from '../use-message.js';

export interface CartCouponProps {
  cart: CartJson;
  locale: string;
  currency: string;
  texts: StorefrontTexts;
  /** Applies a code (string) or removes it (null); rejects with the request's failure. */
  onApply: (code: string | null) => Promise<unknown>;
}

/**
 * The cart page's discount code (issue 15): a field with Apply, then the code applied with a
 * remove button, its discount line, or why it does not apply (the server's reason). Totals come
 * from the server; the checkout offers the same code again.
 */
export function CartCoupon({ cart, locale, currency, texts, onApply }: CartCouponProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const applied = cart.coupons?.[0];
  const invalid = cart.invalidCoupons ?? [];
  const discount = cart.discountCents ?? 0;
  const money = (n: number) => formatMoney(n, currency, locale);

  const run = async (value: string | null) => {
    setBusy(true);
    setError(null);
    try {
      await onApply(value);
      setCode('');
    } catch (err) {
      setError((err as { message?: string } | null)?.message ?? 'Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ci-coupon">
      <form
        className="ci-coupon-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) void run(code.trim());
        }}
      >
        <label htmlFor={`${id}-code`}>{texts.discountCodeText}</label>
        <div className="ci-coupon-row">
          <input
            id={`${id}-code`}
            name="code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={100}
            aria-describedby={`${id}-status`}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy || !code.trim()}>
            {texts.applyText}
          </button>
        </div>
      </form>
      <div id={`${id}-status`} aria-live="polite">
        {applied && (
          <p className="ci-coupon-applied">
            <span className="ci-coupon-chip">{cart.validCoupons?.[0]?.code ?? applied}</span>
            <button
              type="button"
              className="ci-edit"
              disabled={busy}
              aria-label={fillText(texts.removeCodeText, { code: applied })}
              onClick={() => void run(null)}
            >
              {texts.removeText}
            </button>
          </p>
        )}
        {invalid.map((c) => (
          <p key={c.code} className="ci-coupon-invalid">
            <Message text={c.reason} />
          </p>
        ))}
        {error && (
          <p className="ci-coupon-invalid">
            <Message text={error} />
          </p>
        )}
      </div>
      {discount > 0 && (
        <>
          <p className="ci-discount">
            {texts.discountText} <strong>−{money(discount)}</strong>
          </p>
          <p className="ci-subtotal">
            {texts.totalText} <strong>{money(cart.grandTotalCents ?? cart.subtotalCents)}</strong>
          </p>
        </>
      )}
    </div>
  );
}

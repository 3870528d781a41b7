import type { MouseEvent } from 'react';
import {
  indicatorCountText,
  indicatorLabel,
  indicatorVisible,
} from '../../../shared/cart/indicator.js';
import { ENGLISH_TEXTS, type StorefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { formatMoney } from '../../../shared/money.js';
import { CART_PAGE_PATH, goToCart } from './go-to-cart.js';
import { useCart } from './use-cart.js';

export interface CartIndicatorProps {
  /** The site's locale and store currency; defaults keep a template that forgot them working. */
  locale?: string;
  currency?: string;
  /**
   * Its spoken labels in the site language, from the server (so the indicator, on every page,
   * loads no language table); English when absent.
   */
  labels?: Pick<StorefrontTexts, 'cartItemsOneText' | 'cartItemsOtherText' | 'cartItemsMoreText'>;
}

/**
 * The cart 'pill' (SPEC 2.2, 4.2, 9.1): a link to /cart with the item count and subtotal. The
 * server renders it hidden (pages carry no visitor data), keeping its box so nothing moves when
 * it fades in once the cart says there are items. It follows the cart store, so an add, another
 * tab's change and a back/forward visit all show at once.
 */
export default function CartIndicator({
  locale = 'en-US',
  currency = 'USD',
  labels = ENGLISH_TEXTS,
}: CartIndicatorProps) {
  const { cart } = useCart();
  const count = cart?.totalQuantity ?? 0;
  const visible = indicatorVisible(count);
  const subtotal = formatMoney(cart?.subtotalCents ?? 0, currency, locale);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    e.preventDefault();
    goToCart(window);
  };

  return (
    <a
      href={CART_PAGE_PATH}
      className="ci-indicator"
      data-visible={visible}
      data-count={count}
      aria-hidden={visible ? undefined : true}
      tabIndex={visible ? undefined : -1}
      onClick={onClick}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.5em',
        minWidth: '7em',
        justifyContent: 'flex-end',
        color: 'inherit',
        textDecoration: 'none',
        visibility: visible ? 'visible' : 'hidden',
        opacity: visible ? 1 : 0,
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          d="M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0"
        />
      </svg>
      {/* The name comes from the content: the spoken label (SPEC 9.1), then the subtotal.
          An aria-label would hide the subtotal and not contain the visible text (WCAG 2.5.3,
          axe 'label-content-name-mismatch'). */}
      <span className="ci-count" aria-hidden="true">
        {indicatorCountText(count)}
      </span>
      <span className="ci-label ci-sr">{indicatorLabel(count, labels)}</span>{' '}
      <span className="ci-subtotal">{subtotal}</span>
    </a>
  );
}

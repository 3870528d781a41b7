import { lazy, Suspense, useState } from 'react';
import { installmentNoticeText } from '../../../shared/cart/installment-info.js';
import { formatMoney } from '../../../shared/money.js';
import { RenderErrorBoundary } from './render-error-boundary.js';
import { installmentInfoPageUrl } from '../../../shared/product/installment-info-page.js';
import type { InstallmentNotice as Notice } from '../../../shared/product/rules.js';

/** The modal and the provider's page load when the shopper asks, not with every product page. */
const InstallmentModal = lazy(() =>
  import('./installment-modal.js').then((m) => ({ default: m.InstallmentModal })),
);

/**
 * SPEC 4.4 / 5.5: the buy-now-pay-later notice with an info button. The modal (hidden/visible;
 * close button, Escape or outside click; focus trapped and returned to the button) loads the
 * provider's information page for the shopper's locale into a sandboxed frame; until it has
 * loaded, and for good if it cannot be, the modal shows the payment schedule computed here.
 * See docs/product-islands.md.
 */
export function InstallmentNotice(props: {
  notice: Notice;
  priceMinor: number;
  currency: string;
  locale: string;
  /** The site's information-page URL template (StoreSettingsJson.installmentInfoUrl). */
  infoUrlTemplate?: string;
}) {
  const { notice, currency, locale } = props;
  const [open, setOpen] = useState(false);
  const pageUrl = installmentInfoPageUrl(notice.locale, props.infoUrlTemplate);
  const fmt = (minor: number) => formatMoney(minor, currency, locale);
  const text = installmentNoticeText({
    inRange: notice.inRange,
    count: notice.count,
    brand: notice.brand,
    amount: fmt(notice.installmentAmount),
    min: fmt(notice.min),
    max: fmt(notice.max),
  });
  return (
    <div className="pi-installment" data-in-range={notice.inRange ? 'true' : 'false'}>
      <span>{text}</span>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`More information about ${notice.brand}`}
        onClick={() => setOpen(true)}
      >
        i
      </button>
      {open ? (
        // A chunk that cannot load closes the modal (SPEC 7: a warning, never a broken form).
        <RenderErrorBoundary
          onError={(err) => {
            console.warn('installment notice: could not open', err);
            setOpen(false);
          }}
        >
          <Suspense fallback={null}>
            <InstallmentModal
              notice={notice}
              priceMinor={props.priceMinor}
              text={text}
              fmt={fmt}
              pageUrl={pageUrl}
              onClose={() => setOpen(false)}
            />
          </Suspense>
        </RenderErrorBoundary>
      ) : null}
    </div>
  );
}

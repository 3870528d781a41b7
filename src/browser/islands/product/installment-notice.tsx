import { useId, useRef, useState } from 'react';
import {
  installmentInfoUrl,
  installmentNoticeText,
  installmentSchedule,
} from '../../../shared/cart/installment-info.js';
import { formatMoney } from '../../../shared/money.js';
import { installmentInfoPageUrl } from '../../../shared/product/installment-info-page.js';
import type { InstallmentNotice as Notice } from '../../../shared/product/rules.js';
import { Modal } from './modal.js';
import { useInstallmentInfoPage } from './use-installment-info-page.js';

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
  const page = useInstallmentInfoPage(open, pageUrl);
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
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
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={`${id}-title`}
        initialFocus={closeRef}
        className="pi-installment-modal"
      >
        <button
          ref={closeRef}
          type="button"
          className="pi-close"
          aria-label="Close"
          onClick={() => setOpen(false)}
        >
          ×
        </button>
        <h2 id={`${id}-title`} style={{ marginTop: 0 }}>
          {notice.brand}
        </h2>
        {page.status === 'loaded' ? (
          // No allow-scripts and no allow-same-origin: the provider's page is shown, never run
          // (no trackers, no access to the shop's page); its links may open new tabs.
          <iframe
            className="pi-installment-frame"
            title={`How ${notice.brand} works`}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={page.document}
          />
        ) : (
          <div
            aria-busy={page.status === 'loading' || undefined}
            data-testid="installment-schedule"
          >
            <p>
              Pay in {notice.count} interest-free payments, due every 2 weeks. No interest and no
              fees when you pay on time.
            </p>
            {notice.inRange ? (
              <ol className="pi-schedule">
                {installmentSchedule(props.priceMinor, notice.count).map((p) => (
                  <li key={p.due}>
                    {p.due}: {fmt(p.amount)}
                  </li>
                ))}
              </ol>
            ) : (
              <p>{text}.</p>
            )}
          </div>
        )}
        <p>
          <a href={installmentInfoUrl(notice.locale)} target="_blank" rel="noopener noreferrer">
            How {notice.brand} works (opens in a new tab)
          </a>
        </p>
      </Modal>
    </div>
  );
}

import { useId, useRef } from 'react';
import { installmentInfoUrl, installmentSchedule } from '../../../shared/cart/installment-info.js';
import type { InstallmentNotice as Notice } from '../../../shared/product/rules.js';
import { Modal } from './modal.js';
import { useInstallmentInfoPage } from './use-installment-info-page.js';

/**
 * The installment notice's modal (SPEC 4.4 / 5.5), mounted only while open: the provider's
 * information page in a sandboxed frame once loaded, the payment schedule until then.
 */
export function InstallmentModal(props: {
  notice: Notice;
  priceMinor: number;
  /** The notice's own sentence, repeated when the price is out of the provider's range. */
  text: string;
  fmt: (minor: number) => string;
  pageUrl: string;
  onClose: () => void;
}) {
  const { notice } = props;
  const page = useInstallmentInfoPage(true, props.pageUrl);
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      onClose={props.onClose}
      labelledBy={`${id}-title`}
      initialFocus={closeRef}
      className="pi-installment-modal"
    >
      <button
        ref={closeRef}
        type="button"
        className="pi-close"
        aria-label="Close"
        onClick={props.onClose}
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
        <div aria-busy={page.status === 'loading' || undefined} data-testid="installment-schedule">
          <p>
            Pay in {notice.count} interest-free payments, due every 2 weeks. No interest and no fees
            when you pay on time.
          </p>
          {notice.inRange ? (
            <ol className="pi-schedule">
              {installmentSchedule(props.priceMinor, notice.count).map((p) => (
                <li key={p.due}>
                  {p.due}: {props.fmt(p.amount)}
                </li>
              ))}
            </ol>
          ) : (
            <p>{props.text}.</p>
          )}
        </div>
      )}
      <p>
        <a href={installmentInfoUrl(notice.locale)} target="_blank" rel="noopener noreferrer">
          How {notice.brand} works (opens in a new tab)
        </a>
      </p>
    </Modal>
  );
}

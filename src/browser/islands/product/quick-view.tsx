import { emitProductEvent } from './product-events.js';
import { useId, useRef, useState } from 'react';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { MerchandisingView } from '../../../shared/product/rules.js';
import type { ProductIslandProps } from './island-props.js';
import { Modal } from './modal.js';
import { ProductForm } from './product-form.js';

/**
 * The list item's 'Quick View' (island `quick-view`): a button that opens the full product form
 * in a lightbox overlay (0.3 s animation, none under reduced motion). Focus moves in and is
 * trapped; Escape, the close button or a click outside close it and focus returns to the button.
 */
export default function QuickView(props: ProductIslandProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { item } = props;
  const texts = storefrontTexts(props.locale);
  return (
    <div className="pi-quick-view" data-product-id={item.id}>
      <button
        type="button"
        className="pi-quick-view-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${texts.productQuickViewText}: ${item.title}`}
        onClick={() => {
          setOpen(true);
          emitProductEvent('commerce:quick-view', { itemId: item.id });
        }}
      >
        {texts.productQuickViewText}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={`${id}-title`}
        initialFocus={closeRef}
        wide
        className="pi-quick-view-dialog"
      >
        <button
          ref={closeRef}
          type="button"
          className="pi-close"
          aria-label={texts.closeText}
          onClick={() => setOpen(false)}
        >
          ×
        </button>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
          {item.assetUrl ? (
            <img
              src={`${item.assetUrl}/750w.webp`}
              alt={item.title}
              width={360}
              height={360}
              style={{ maxWidth: '100%', height: 'auto', objectFit: 'cover' }}
            />
          ) : null}
          <div style={{ flex: '1 1 280px' }}>
            <h2 id={`${id}-title`} style={{ marginTop: 0 }}>
              {item.title}
            </h2>
            <ProductForm
              {...props}
              pageType="plp"
              view={MerchandisingView.PRODUCT_QUICK_VIEW}
              compact
            />
            <p>
              <a href={item.fullUrl}>{texts.viewFullDetailsText}</a>
            </p>
          </div>
        </div>
      </Modal>
    </div>
  );
}

import { emitProductEvent } from './product-events.js';
import { useId, useRef, useState } from 'react';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { MerchandisingView } from '../../../shared/product/rules.js';
import type { ProductIslandProps } from './island-props.js';
import { Modal } from './modal.js';
import type { ProductForm } from './product-form.js';

type ProductFormComponent = typeof ProductForm;

let formChunk: Promise<typeof import('./product-form.js')> | undefined;
/**
 * The product form is the product page's chunk (with the restock form and its bot check): a list
 * page fetches it only when a quick view is pointed at, focused or opened, not for every card
 * (issue 13's JS budget); a subscription's purchase options with it. A failed fetch is
 * forgotten, so the next opening tries again.
 */
async function loadProductForm(subscribable: boolean): Promise<ProductFormComponent> {
  formChunk ??= import('./product-form.js').catch((err: unknown) => {
    formChunk = undefined;
    throw err;
  });
  const m = await formChunk;
  if (subscribable) await m.loadSubscriptionChoice();
  return m.ProductForm;
}

/**
 * The list item's 'Quick View' (island `quick-view`): a button that opens the full product form
 * in a lightbox overlay (0.3 s animation, none under reduced motion). Focus moves in and is
 * trapped; Escape, the close button or a click outside close it and focus returns to the button.
 */
export default function QuickView(props: ProductIslandProps) {
  const [open, setOpen] = useState(false);
  // Set once the chunk has arrived; until then the open dialog shows its title and the link.
  const [Form, setForm] = useState<ProductFormComponent | null>(null);
  const prefetch = () => {
    if (Form) return;
    // A subscription's purchase options come before the form shows (subscription-slot.ts).
    loadProductForm(props.item.structuredContent.isSubscribable)
      .then((component) => setForm(() => component))
      .catch((err: unknown) => console.warn('quick view: could not load the product form', err));
  };
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
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          prefetch();
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
            {Form ? (
              <Form {...props} pageType="plp" view={MerchandisingView.PRODUCT_QUICK_VIEW} compact />
            ) : null}
            <p>
              <a href={item.fullUrl}>{texts.viewFullDetailsText}</a>
            </p>
          </div>
        </div>
      </Modal>
    </div>
  );
}

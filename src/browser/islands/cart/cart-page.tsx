import { useEffect, useRef, useState, type ComponentType } from 'react';
import { answerErrors } from '../../../shared/cart/answer-errors.js';
import {
  cartFailure,
  type CartAction,
  type CartFailure,
} from '../../../shared/cart/cart-failure.js';
import { minimumNotMet } from '../../../shared/cart/cart-minimum.js';
import { parseCartQuantity } from '../../../shared/cart/cart-quantity.js';
import { CHECKOUT_PATH } from '../../../shared/cart/checkout-urls.js';
import { Messages } from '../../../shared/errors.js';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { formatMoney } from '../../../shared/money.js';
import type { MoneyJson } from '../../../shared/product/types.js';
import type { CartEntryJson } from './cart-json.js';
import { CartCoupon } from './cart-coupon.js';
import { CartEntryRow } from './cart-entry-row.js';
import type { EditAnswersModalProps, EditableForm, SaveResult } from './edit-answers-modal.js';
import { cartStore, type CartStore } from './store.js';
import { useCart } from './use-cart.js';
import { ensureTexts } from '../page-texts.js';
import { Message, prepareMessages } from '../use-message.js';

export interface CartPageProps {
  /** The site's locale and store currency; defaults keep a template that forgot them working. */
  locale?: string;
  currency?: string;
  minimumOrderSubtotal?: MoneyJson | null;
  /** Tests pass their own store; pages use the shared one. */
  store?: CartStore;
}

/** The form editor and its loader: a chunk of their own, fetched when a shopper opens one. */
const loadEditor = () =>
  Promise.all([
    import('./edit-answers-modal.js'),
    // Its words and messages in the page's language come with it (none on English pages).
    Promise.all([ensureTexts(['forms']), prepareMessages()]).catch((err: unknown) => {
      console.warn('cart: could not load the form texts', err);
    }),
  ]).then(([m]) => m);

interface Editing {
  entry: CartEntryJson;
  form: EditableForm;
  Editor: ComponentType<EditAnswersModalProps>;
}

/**
 * The /cart page (SPEC 2, 8.3): every entry with its variant and custom-form answers, a quantity
 * input (1–9999), a remove button and, on lines with custom-form answers, an Edit control that
 * opens the form pre-filled (SPEC 4.2's recalculate events, 8.3's form texts); the subtotal, and
 * a discount code (issue 15), and checkout. The cart is fetched in the
 * browser, so the server renders a busy placeholder; failures are announced in a live region.
 */
export default function CartPage({
  locale = 'en-US',
  currency = 'USD',
  minimumOrderSubtotal = null,
  store = cartStore,
}: CartPageProps) {
  const { status, cart } = useCart(store);
  const texts = storefrontTexts(locale);
  const [failure, setFailure] = useState<CartFailure | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The line whose Edit control gets focus once the editor closes. */
  const focusAfterEdit = useRef<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // After the editor closes, back to the Edit control. The dialog returns focus itself, but when
  // the new answers merged the line into another (docs/cart-api.md) its button is gone: the
  // surviving line's takes it.
  useEffect(() => {
    const id = focusAfterEdit.current;
    if (editing || !id) return;
    focusAfterEdit.current = null;
    const section = sectionRef.current;
    const row = [...(section?.querySelectorAll<HTMLElement>('tr[data-entry-id]') ?? [])].find(
      (r) => r.dataset.entryId === id,
    );
    (row?.querySelector<HTMLElement>('.ci-edit') ?? section)?.focus();
  }, [editing]);

  /** Runs a change of one line, marked busy; its failure is shown and handed to `onError`. */
  const track = async (
    entryId: string,
    action: CartAction,
    run: () => Promise<unknown>,
    onError?: (err: unknown, failure: CartFailure) => void,
  ) => {
    setBusy((b) => new Set(b).add(entryId));
    try {
      await run();
      setFailure(null);
      return true;
    } catch (err) {
      const shown = cartFailure(action, err as { status?: number; message?: string });
      setFailure(shown);
      onError?.(err, shown);
      return false;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(entryId);
        return next;
      });
    }
  };

  const onQuantity = async (entry: CartEntryJson, text: string): Promise<boolean> => {
    if (busy.has(entry.id)) return false;
    const parsed = parseCartQuantity(text);
    if (!parsed.ok) {
      setFailure({ title: Messages.UNABLE_UPDATE_QUANTITY, detail: parsed.message });
      return false;
    }
    return track(entry.id, 'quantity', () => store.setQuantity(entry.id, parsed.quantity));
  };

  const onRemove = (entry: CartEntryJson) => {
    void track(entry.id, 'remove', () => store.removeEntry(entry.id)).then((ok) => {
      // The row and its button are gone: keep keyboard users inside the cart.
      if (ok) sectionRef.current?.focus();
    });
  };

  // Which form, the editor's chunk and the form itself, all before the dialog opens: any of them
  // failing is SPEC 8.3's 'Unable to open form', and focus stays on the Edit control.
  const onEdit = (entry: CartEntryJson) => {
    if (busy.has(entry.id) || editing) return;
    void track(entry.id, 'open-form', async () => {
      const [{ formId }, mod] = await Promise.all([store.entryForm(entry.id), loadEditor()]);
      const form = await mod.loadCustomForm(formId);
      setEditing({ entry, form, Editor: mod.EditAnswersModal });
    });
  };

  const onSaveAnswers = async (entry: CartEntryJson, additionalFields: string) => {
    let result: SaveResult = { ok: true };
    const ok = await track(
      entry.id,
      'form',
      async () => {
        const { updatedEntry } = await store.updateAdditionalFields(entry.id, {
          itemId: entry.itemId,
          sku: entry.chosenVariant?.sku ?? '',
          additionalFields,
        });
        focusAfterEdit.current = updatedEntry?.id ?? entry.id;
      },
      (err, shown) => {
        const body = (err as { body?: unknown } | null)?.body;
        result = { ok: false, failure: shown, fieldErrors: answerErrors(body) };
      },
    );
    if (ok) setEditing(null);
    return result;
  };

  const closeEditor = () => {
    focusAfterEdit.current = editing?.entry.id ?? null;
    setEditing(null);
  };

  const entries = cart?.entries ?? [];
  const loading = status === 'idle' || (status === 'loading' && !cart);
  const subtotal = cart?.subtotalCents ?? 0;
  const blocked = minimumNotMet(subtotal, minimumOrderSubtotal, locale);

  return (
    <section
      ref={sectionRef}
      className="ci-cart"
      aria-label={texts.shoppingCartText}
      aria-busy={loading || undefined}
      tabIndex={-1}
    >
      <div className="ci-alert" role="alert" aria-live="assertive" aria-atomic="true">
        {failure && (
          <>
            <strong>
              <Message text={failure.title} />
            </strong>{' '}
            <span>
              <Message text={failure.detail} />
            </span>
          </>
        )}
      </div>
      {loading ? (
        <p className="ci-loading">{texts.loadingText}</p>
      ) : status === 'error' && !cart ? (
        <p className="ci-load-failed">
          <Message text={Messages.PLEASE_TRY_AGAIN} />{' '}
          <button type="button" onClick={() => void store.load().catch(() => undefined)}>
            {texts.reloadCartText}
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="ci-empty">{texts.cartEmptyText}</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{texts.itemText}</th>
                <th scope="col">{texts.quantityText}</th>
                <th scope="col" className="ci-num">
                  {texts.priceText}
                </th>
                <th scope="col" className="ci-num">
                  <span className="ci-sr">{texts.removeText}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <CartEntryRow
                  key={entry.id}
                  entry={entry}
                  locale={locale}
                  currency={currency}
                  texts={texts}
                  busy={busy.has(entry.id)}
                  onQuantity={onQuantity}
                  onRemove={onRemove}
                  onEdit={onEdit}
                />
              ))}
            </tbody>
          </table>
          <div className="ci-summary">
            <p className="ci-subtotal">
              {texts.subtotalText} <strong>{formatMoney(subtotal, currency, locale)}</strong>
            </p>
            {cart && (
              <CartCoupon
                cart={cart}
                locale={locale}
                currency={currency}
                texts={texts}
                onApply={(code) => store.setCoupon(code)}
              />
            )}
            {blocked && <p className="ci-minimum">{blocked}</p>}
            <form method="get" action={CHECKOUT_PATH}>
              <button type="submit" className="ci-checkout" disabled={blocked !== null}>
                {texts.checkoutText}
              </button>
            </form>
          </div>
        </>
      )}
      {editing && (
        <editing.Editor
          form={editing.form}
          productTitle={editing.entry.title}
          answers={editing.entry.additionalFields}
          onSave={(fields) => onSaveAnswers(editing.entry, fields)}
          onCancel={closeEditor}
        />
      )}
    </section>
  );
}

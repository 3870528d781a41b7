import { useEffect, useRef, useState } from 'react';
import { answeredLines } from '../../../shared/cart/field-answers.js';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../../shared/quantity-range.js';
import {
  ENGLISH_TEXTS,
  fillText,
  type StorefrontTexts,
} from '../../../shared/i18n/storefront-texts.js';
import { formatMoney } from '../../../shared/money.js';
import type { CartEntryJson } from './cart-json.js';
import { entrySubtotalMinor, variantText } from './entry-subtotal.js';
import { LineThumb } from './line-thumb.js';

/** Typing pauses this long before a changed quantity is sent (blur and Enter send at once). */
export const QUANTITY_COMMIT_DELAY_MS = 800;

export interface CartEntryRowProps {
  entry: CartEntryJson;
  locale: string;
  currency: string;
  /** The site language's texts (English by default). */
  texts?: StorefrontTexts;
  busy: boolean;
  /** Resolves true when the cart took the new quantity; false puts the old one back. */
  onQuantity: (entry: CartEntryJson, text: string) => Promise<boolean>;
  onRemove: (entry: CartEntryJson) => void;
  /** Opens the line's custom form; the Edit control shows only on lines with answers. */
  onEdit?: (entry: CartEntryJson) => void;
}

export function CartEntryRow({
  entry,
  locale,
  currency,
  texts = ENGLISH_TEXTS,
  busy,
  onQuantity,
  onRemove,
  onEdit,
}: CartEntryRowProps) {
  const [draft, setDraft] = useState(String(entry.quantity));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = String(entry.quantity);

  // The cart is the truth: another tab or a server correction replaces what was typed.
  useEffect(() => setDraft(saved), [saved]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim() === saved) return;
    void onQuantity(entry, text).then((ok) => {
      if (!ok) setDraft(saved);
    });
  };

  const change = (text: string) => {
    setDraft(text);
    clearTimeout(timer.current);
    // Spinner clicks fire no blur: send after a pause so the arrows alone update the cart.
    timer.current = setTimeout(() => commit(text), QUANTITY_COMMIT_DELAY_MS);
  };

  const variant = variantText(entry);
  // Titled answers (SPEC 3.6 shape) when the cart API supplies them; otherwise the raw map.
  // Only what the shopper answered (issue 14): an optional question left empty is no row.
  const answers = answeredLines(entry.additionalFieldAnswers ?? entry.additionalFields);
  const qtyId = `ci-qty-${entry.id}`;

  return (
    <tr data-entry-id={entry.id} aria-busy={busy || undefined}>
      <td>
        <div className="ci-item">
          <LineThumb image={entry.image} />
          <div className="ci-item-text">
            <div className="ci-title">{entry.title}</div>
            {variant && <p className="ci-meta ci-variant">{variant}</p>}
            {answers.length > 0 && (
              <dl className="ci-meta ci-answers">
                {answers.map((a, i) => (
                  <div key={i}>
                    <dt style={{ display: 'inline' }}>{`${a.label}: `}</dt>
                    <dd style={{ display: 'inline', margin: 0 }}>{a.text}</dd>
                  </div>
                ))}
              </dl>
            )}
            {onEdit && hasAnswers(entry) && (
              <button
                type="button"
                className="ci-edit"
                aria-label={fillText(texts.editFormText, { title: entry.title })}
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (!busy) onEdit(entry);
                }}
              >
                {texts.editText}
              </button>
            )}
          </div>
        </div>
      </td>
      <td>
        <label className="ci-sr" htmlFor={qtyId}>
          {fillText(texts.quantityOfText, { title: entry.title })}
        </label>
        <input
          id={qtyId}
          type="number"
          inputMode="numeric"
          min={QUANTITY_MIN}
          max={QUANTITY_MAX}
          step={1}
          value={draft}
          onChange={(e) => change(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit(e.currentTarget.value);
            }
          }}
        />
      </td>
      <td className="ci-num">{formatMoney(entrySubtotalMinor(entry), currency, locale)}</td>
      <td className="ci-num">
        <button
          type="button"
          className="ci-remove"
          aria-label={fillText(texts.removeItemText, { title: entry.title })}
          // aria-disabled, not disabled: a disabled button drops keyboard focus mid-request.
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onRemove(entry);
          }}
        >
          {texts.removeText}
        </button>
      </td>
    </tr>
  );
}

/**
 * Answers are stored only for products with a custom form (src/server/cart/cart-service.ts
 * `answersFor`), so a line with answers is a line whose form can be edited. A line added before
 * its product got a form has none and shows no Edit control.
 */
function hasAnswers(entry: CartEntryJson): boolean {
  const f = entry.additionalFields;
  if (typeof f === 'string') return f.trim() !== '' && f.trim() !== 'null';
  return !!f && typeof f === 'object' && Object.keys(f).length > 0;
}

import { useId, useState } from 'react';
import type { CheckoutTexts } from '../../../shared/checkout/checkout-texts.js';

export interface AppliedCode {
  /** What the chip says: the discount code, or the gift card's masked last 4. */
  label: string;
  onRemove: () => void;
}

export interface CodeFieldProps {
  texts: CheckoutTexts;
  busy: boolean;
  /** The codes applied, each with its remove button. */
  applied: AppliedCode[];
  /** Why a code typed does not apply (the server's reasons, in the page's language). */
  notes: string[];
  /** Resolves true when the code was taken (the field empties), false to keep the text. */
  onApply: (text: string) => Promise<boolean>;
}

/**
 * The order summary's single 'Discount code or gift card' field (issue 15), as Shopify has it:
 * Apply sends a gift-card-shaped code as a gift card and anything else as the discount code; the
 * quote answers what applies. Reasons are announced (live region) under the field.
 */
export function CodeField({ texts, busy, applied, notes, onApply }: CodeFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = async () => {
    if (!text.trim() || busy) return;
    if (await onApply(text)) setText('');
  };
  return (
    <div className="co-codes">
      <form
        className="co-code-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${id}-code`} className="co-sr">
          {texts.codeField}
        </label>
        <input
          id={`${id}-code`}
          name="code"
          placeholder={texts.codeField}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={text}
          aria-invalid={notes.length > 0 || undefined}
          aria-describedby={`${id}-notes`}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="co-secondary" disabled={busy || !text.trim()}>
          {texts.apply}
        </button>
      </form>
      <div id={`${id}-notes`} aria-live="polite">
        {notes.map((n, i) => (
          <p key={i} className="co-error">
            {n}
          </p>
        ))}
      </div>
      {applied.length > 0 && (
        <ul className="co-code-chips" role="list">
          {applied.map((c) => (
            <li key={c.label} className="co-code-chip">
              <span>{c.label}</span>
              <button
                type="button"
                className="co-chip-remove"
                aria-label={texts.removeCode(c.label)}
                disabled={busy}
                onClick={c.onRemove}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

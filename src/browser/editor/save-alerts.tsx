import type { RefObject } from 'react';
import { fieldId } from './products/fields.js';

/**
 * What the product and item editors show above a form whose save was refused: the conflict
 * (someone saved first) with a Reload button, and the summary of invalid fields, each a link
 * that focuses its field. One home, so both editors read and behave the same.
 */
export function ConflictAlert({ text, onReload }: { text: string; onReload: () => void }) {
  return (
    <div className="ed-alert ed-conflict" role="alert">
      <p>
        <strong>{text}</strong> Your changes on this screen were not saved.
      </p>
      <button type="button" className="ed-button ed-button-primary" onClick={onReload}>
        Reload (discard my changes)
      </button>
    </div>
  );
}

export function ErrorSummary({
  errors,
  labelOf,
  summaryRef,
}: {
  /** [field path, message] pairs, in the form's order. */
  errors: readonly (readonly [string, string])[];
  labelOf: (path: string) => string;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  if (errors.length === 0) return null;
  return (
    <div
      className="ed-alert ed-error-summary"
      role="alert"
      tabIndex={-1}
      ref={summaryRef}
      aria-labelledby="ed-error-summary-h"
    >
      <h2 id="ed-error-summary-h">
        {errors.length === 1
          ? 'One field needs attention'
          : `${errors.length} fields need attention`}
      </h2>
      <ul>
        {errors.map(([path, message]) => (
          <li key={path}>
            <a
              href={`#${fieldId(path)}`}
              onClick={(e) => {
                e.preventDefault();
                focusField(path);
              }}
            >
              {labelOf(path)}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Scrolls to and focuses the control of an invalid field; a row's error without a control of
 * its own (`variants.2`) goes to the row's first input. False when there is none.
 */
export function focusField(path: string): boolean {
  const el =
    document.getElementById(fieldId(path)) ??
    document.getElementById(fieldId(path.split('.').slice(0, 2).join('.')));
  if (el) {
    el.scrollIntoView({ block: 'center' });
    el.focus();
  }
  return !!el;
}

import type { ReactNode } from 'react';
import type { CheckoutFieldErrors } from '../../../shared/checkout/api.js';
import { fieldId } from './address-fields.js';

/**
 * One radio group of the checkout (shipping options, payment methods): the first radio carries the
 * field's id so an error can focus it, and the group's error is announced through
 * aria-describedby.
 */
export function ChoiceList<T extends { id: string }>({
  legend,
  name,
  path,
  options,
  chosen,
  errors,
  onChoose,
  renderOption,
  before,
}: {
  legend: string;
  name: string;
  /** The field path its errors come under (`shippingOptionId`, `payment.provider`). */
  path: string;
  options: readonly T[];
  chosen: string | null | undefined;
  errors: CheckoutFieldErrors;
  onChoose: (id: T['id']) => void;
  renderOption: (option: T) => ReactNode;
  /** Shown above the choices (e.g. why there are none). */
  before?: ReactNode;
}) {
  const error = errors[path];
  // Invalid even while its text is on its way ('').
  const invalid = error !== undefined;
  const errorId = `${fieldId(path)}-error`;
  return (
    <fieldset className="co-choices" aria-describedby={invalid ? errorId : undefined}>
      <legend className="co-sr">{legend}</legend>
      {before}
      {options.map((o, i) => (
        <label key={o.id} className="co-choice">
          <input
            type="radio"
            name={name}
            id={i === 0 ? fieldId(path) : undefined}
            value={o.id}
            checked={chosen === o.id}
            aria-invalid={invalid || undefined}
            onChange={() => onChoose(o.id)}
          />
          {renderOption(o)}
        </label>
      ))}
      {invalid && (
        <p className="co-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

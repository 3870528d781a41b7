import { useId } from 'react';
import { ProductTexts, QUANTITY_MAX, QUANTITY_MIN } from '../../../shared/product/rules.js';

/**
 * SPEC 5.2: number, min 1, max 9999, step 1, default 1. The value stays the raw text so the
 * add-to-cart checks can tell 'not a number' from 'not whole' (SPEC 5.1).
 */
export function QuantityInput(props: {
  value: string;
  onChange: (value: string) => void;
  /** The site language's 'Quantity'. */
  label?: string;
}) {
  const id = useId();
  return (
    <div className="pi-field pi-quantity">
      <label htmlFor={id} style={{ display: 'block' }}>
        {props.label ?? ProductTexts.QUANTITY}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={QUANTITY_MIN}
        max={QUANTITY_MAX}
        step={1}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        style={{ width: '6em' }}
      />
    </div>
  );
}

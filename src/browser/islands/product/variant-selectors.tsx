import { useId } from 'react';
import {
  ProductTexts,
  type OptionSelection,
  type ProductOption,
} from '../../../shared/product/rules.js';

/** SPEC 5.2: one labelled <select> per option, in variantOptionOrdering order. */
export function VariantSelectors(props: {
  options: ProductOption[];
  selection: OptionSelection;
  onChange: (name: string, value: string) => void;
  /** The site language's 'Select Value'. */
  selectValueText?: string;
}) {
  const id = useId();
  return (
    <div className="pi-variants">
      {props.options.map((o, i) => (
        <div className="pi-field" key={o.name}>
          <label htmlFor={`${id}-${i}`} style={{ display: 'block' }}>
            {o.name}
          </label>
          <select
            id={`${id}-${i}`}
            name={o.name}
            data-variant-option-name={o.name}
            value={props.selection[o.name] ?? ''}
            onChange={(e) => props.onChange(o.name, e.target.value)}
          >
            <option value="">{props.selectValueText ?? ProductTexts.SELECT_VALUE}</option>
            {o.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

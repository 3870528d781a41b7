import { useId } from 'react';
import { fillText, type StorefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { optionStyle, valueAvailability } from '../../../shared/product/option-display.js';
import type { OptionSelection, ProductOption } from '../../../shared/product/rules.js';
import type { ProductJson } from '../../../shared/product/types.js';
import { visuallyHidden } from './styles.js';

type Texts = Pick<StorefrontTexts, 'selectNamedOptionText' | 'productSoldOutText'>;

/**
 * SPEC 5.2's option choosers, in variantOptionOrdering order (issue 14): a colour option is a row
 * of swatches, an option with few values a row of buttons, both native radio groups (arrow keys
 * move the choice, Tab leaves the group) drawn as ≥ 44 px targets; an option with many values
 * keeps its labelled <select> with 'Select {option}'. Values that are sold out with the other
 * choices are crossed out yet stay choosable: choosing one shows 'Sold Out' and the restock
 * sign-up. Pure over props, so the server's markup is the first client render.
 */
export function VariantSelectors(props: {
  product: Pick<ProductJson, 'productType' | 'variants'>;
  options: ProductOption[];
  selection: OptionSelection;
  onChange: (name: string, value: string) => void;
  texts: Texts;
  /** Value → swatch colour, from the island's props. */
  swatches: Record<string, string> | undefined;
}) {
  const colourOf = (v: string) => props.swatches?.[v];
  const id = useId();
  return (
    <div className="pi-variants">
      {props.options.map((o, i) => {
        const style = optionStyle(o, colourOf);
        const chosen = props.selection[o.name] ?? '';
        if (style.kind === 'select') {
          return (
            <div className="pi-field" key={o.name}>
              <label htmlFor={`${id}-${i}`} style={{ display: 'block' }}>
                {o.name}
              </label>
              <select
                id={`${id}-${i}`}
                name={o.name}
                data-variant-option-name={o.name}
                value={chosen}
                onChange={(e) => props.onChange(o.name, e.target.value)}
              >
                <option value="">
                  {fillText(props.texts.selectNamedOptionText, { option: o.name })}
                </option>
                {o.values.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        const swatches = style.kind === 'swatches';
        return (
          <fieldset
            className={`pi-field pi-option ${swatches ? 'pi-option-swatches' : 'pi-option-buttons'}`}
            key={o.name}
            data-variant-option-name={o.name}
          >
            <legend className="pi-option-legend">
              {o.name}
              {/* The swatches' names are not written on them: the legend names the chosen one. */}
              {swatches && chosen ? <span className="pi-option-chosen">{chosen}</span> : null}
            </legend>
            <div className="pi-option-values">
              {o.values.map((v, j) => {
                const availability = valueAvailability(props.product, props.selection, o.name, v);
                const out = availability !== 'available';
                return (
                  <label
                    key={v}
                    className="pi-choice"
                    data-availability={availability}
                    title={swatches ? v : undefined}
                  >
                    <input
                      type="radio"
                      className="pi-choice-input"
                      name={`${id}-${i}`}
                      value={v}
                      checked={chosen === v}
                      onChange={() => props.onChange(o.name, v)}
                    />
                    {swatches ? (
                      <span
                        className="pi-swatch"
                        aria-hidden="true"
                        style={{ background: style.colours[j] }}
                      />
                    ) : null}
                    <span className="pi-choice-text" style={swatches ? visuallyHidden : undefined}>
                      {v}
                    </span>
                    {out ? (
                      <span style={visuallyHidden}>, {props.texts.productSoldOutText}</span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

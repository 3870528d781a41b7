import { useEffect, useState } from 'react';
import { ProductLimits } from '../../../shared/product/owner-api.js';
import {
  combinationCount,
  generateVariants,
  moveItem,
  OPTIONS_MAX,
  renameOptionInRows,
  renameValueInRows,
  type OptionDef,
  type VariantRow,
} from './variant-grid.js';

type Change = { options: OptionDef[]; variants: VariantRow[] };

/**
 * Option names and their values ('Size': S, M, L), up to three, in the order shoppers choose
 * them (SPEC `variantOptionOrdering`). Renames are applied to the rows before the grid is made
 * again, and texts commit on blur or Enter, so a half-typed value never drops a row's data.
 */
export function OptionsEditor({
  options,
  variants,
  onChange,
}: {
  options: OptionDef[];
  variants: VariantRow[];
  onChange: (c: Change) => void;
}) {
  const [notice, setNotice] = useState('');

  const apply = (next: OptionDef[], rows: VariantRow[] = variants) => {
    if (combinationCount(next) > ProductLimits.variantsMax) {
      setNotice(
        `That would make ${combinationCount(next)} variants; a product can have at most ${ProductLimits.variantsMax}.`,
      );
      return;
    }
    setNotice('');
    onChange({ options: next, variants: generateVariants(next, rows) });
  };
  const setOption = (i: number, o: OptionDef) => apply(options.map((x, j) => (j === i ? o : x)));

  return (
    <div className="ed-options">
      {options.map((o, i) => (
        <fieldset className="ed-option" key={i}>
          <legend>Option {i + 1}</legend>
          <div className="ed-option-head">
            <CommitInput
              label={`Option ${i + 1} name`}
              value={o.name}
              placeholder="Size, Color, Material…"
              onCommit={(name) => {
                const taken = options.some((x, j) => j !== i && x.name.trim() === name.trim());
                if (taken) {
                  setNotice(`There is already an option named ${name.trim()}.`);
                  return false;
                }
                const next = options.map((x, j) => (j === i ? { ...x, name } : x));
                apply(next, renameOptionInRows(variants, o.name.trim(), name.trim()));
                return true;
              }}
            />
            <div className="ed-actions">
              <button
                type="button"
                className="ed-icon-button"
                aria-label={`Move option ${o.name || i + 1} up`}
                disabled={i === 0}
                onClick={() => apply(moveItem(options, i, i - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="ed-icon-button"
                aria-label={`Move option ${o.name || i + 1} down`}
                disabled={i === options.length - 1}
                onClick={() => apply(moveItem(options, i, i + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="ed-button ed-button-quiet ed-button-danger"
                onClick={() => apply(options.filter((_, j) => j !== i))}
              >
                Remove option
              </button>
            </div>
          </div>
          <ul className="ed-option-values" aria-label={`Values of ${o.name || `option ${i + 1}`}`}>
            {o.values.map((v, j) => (
              <li key={`${j}-${v}`}>
                <CommitInput
                  label={`${o.name || `Option ${i + 1}`} value ${j + 1}`}
                  value={v}
                  onCommit={(value) => {
                    const t = value.trim();
                    if (!t || o.values.some((x, k) => k !== j && x === t)) return false;
                    const values = o.values.map((x, k) => (k === j ? t : x));
                    apply(
                      options.map((x, k) => (k === i ? { ...x, values } : x)),
                      renameValueInRows(variants, o.name.trim(), v, t),
                    );
                    return true;
                  }}
                />
                <button
                  type="button"
                  className="ed-icon-button"
                  aria-label={`Remove ${o.name || 'option'} value ${v}`}
                  onClick={() => setOption(i, { ...o, values: o.values.filter((_, k) => k !== j) })}
                >
                  ✕
                </button>
              </li>
            ))}
            <li>
              <CommitInput
                label={`Add a value to ${o.name || `option ${i + 1}`}`}
                value=""
                placeholder="Add value"
                clearOnCommit
                onCommit={(value) => {
                  const parts = value
                    .split(',')
                    .map((s) => s.trim())
                    .filter((s) => s && !o.values.includes(s));
                  if (!parts.length) return false;
                  setOption(i, { ...o, values: [...o.values, ...parts] });
                  return true;
                }}
              />
            </li>
          </ul>
        </fieldset>
      ))}
      {options.length < OPTIONS_MAX && (
        <button type="button" className="ed-button" onClick={() => setOptionsWithNew()}>
          {options.length ? 'Add another option' : 'Add options like size or color'}
        </button>
      )}
      <p role="status" className="ed-inline-error">
        {notice}
      </p>
    </div>
  );

  function setOptionsWithNew() {
    // A new option has no values yet, so the grid stays as it is until one is added.
    onChange({ options: [...options, { name: '', values: [] }], variants });
    requestAnimationFrame(() => {
      const inputs = document.querySelectorAll<HTMLInputElement>('.ed-option-head input');
      inputs[inputs.length - 1]?.focus();
    });
  }
}

/** A text input that reports its value on blur or Enter; `false` from onCommit puts it back. */
function CommitInput({
  label,
  value,
  onCommit,
  placeholder,
  clearOnCommit,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => boolean;
  placeholder?: string;
  clearOnCommit?: boolean;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text === value) return;
    const ok = onCommit(text);
    if (clearOnCommit) {
      if (ok) setText('');
    } else if (!ok) setText(value);
  };
  return (
    <input
      className="ed-input"
      aria-label={label}
      value={text}
      placeholder={placeholder}
      maxLength={ProductLimits.tagMax}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

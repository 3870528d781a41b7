import { useId, useState } from 'react';
import { ProductLimits } from '../../../shared/product/owner-api.js';
import { describe, FieldError, fieldId } from './fields.js';
import type { FieldErrors } from './product-form.js';

/**
 * Tags or categories as removable chips, with suggestions from the store's existing names
 * (a datalist, so the browser's own accessible autocomplete). Enter or comma adds.
 */
export function ChipsInput({
  label,
  path,
  values,
  suggestions,
  errors,
  onChange,
}: {
  label: string;
  path: string;
  values: string[];
  suggestions: string[];
  errors: FieldErrors;
  onChange: (values: string[]) => void;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const add = (raw: string) => {
    const parts = raw
      .split(',')
      .map((s) => s.trim().slice(0, ProductLimits.tagMax))
      .filter(Boolean);
    const next = [...values];
    for (const p of parts) if (!next.some((v) => v.toLowerCase() === p.toLowerCase())) next.push(p);
    if (next.length !== values.length) onChange(next.slice(0, ProductLimits.tagsMax));
    setText('');
  };
  // 'Tags' → 'tag', 'Categories' → 'category'.
  const noun = label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
  return (
    <div className="ed-field">
      <label htmlFor={fieldId(path)}>{label}</label>
      {values.length > 0 && (
        <ul className="ed-chips" aria-label={label}>
          {values.map((v) => (
            <li key={v} className="ed-chip">
              <span>{v}</span>
              <button
                type="button"
                aria-label={`Remove ${noun} ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ed-chip-add">
        <input
          className="ed-input"
          {...describe(errors, path)}
          list={listId}
          value={text}
          placeholder={`Add a ${noun}`}
          onChange={(e) => {
            const v = e.target.value;
            if (v.endsWith(',')) add(v);
            else setText(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add(text);
            }
          }}
          onBlur={() => text.trim() && add(text)}
        />
        <button
          type="button"
          className="ed-button"
          onClick={() => add(text)}
          disabled={!text.trim()}
        >
          Add
        </button>
      </div>
      <datalist id={listId}>
        {suggestions
          .filter((s) => !values.includes(s))
          .map((s) => (
            <option key={s} value={s} />
          ))}
      </datalist>
      <FieldError errors={errors} path={path} nested />
    </div>
  );
}

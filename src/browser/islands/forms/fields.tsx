import type { ReactNode } from 'react';
import { characterCounter } from '../../../shared/forms/counter.js';
import {
  LIKERT_SCALE,
  PART_LABELS,
  isMultiPart,
  renderedParts,
} from '../../../shared/forms/parts.js';
import type { RawFieldState } from '../../../shared/forms/values.js';
import type { FormFieldDef } from '../../../shared/forms/types.js';
import { ENGLISH_FORM_TEXTS, type FormTexts } from '../../../shared/forms/form-texts.js';
import { Message } from '../use-message.js';

export interface FieldProps {
  field: FormFieldDef;
  /** Unique prefix for element ids in this form. */
  idBase: string;
  value: RawFieldState;
  error: string | undefined;
  onChange: (value: RawFieldState) => void;
  /** The form's words in the site language (English by default). */
  texts?: FormTexts;
}

/** Id of a field's error message, for aria-describedby and tests. */
export const errorId = (idBase: string, fieldId: string) => `${idBase}-${fieldId}-error`;

function Label({ field, htmlFor }: { field: FormFieldDef; htmlFor: string }) {
  return (
    <label htmlFor={htmlFor}>
      {field.label}
      {field.required && (
        <span className="form-required" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

function Description({ field, id }: { field: FormFieldDef; id: string }) {
  return field.description ? (
    <p className="form-description" id={id}>
      {field.description}
    </p>
  ) : null;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="form-field-error" id={id} role="alert">
      <Message text={error} />
    </p>
  ) : null;
}

/** One field, accessibly labelled, with its description and error message (SPEC 3.6 types). */
export function Field({
  field,
  idBase,
  value,
  error,
  onChange,
  texts = ENGLISH_FORM_TEXTS,
}: FieldProps): ReactNode {
  const id = `${idBase}-${field.id}`;
  const errId = errorId(idBase, field.id);
  const descId = `${id}-desc`;
  const describedBy =
    [field.description ? descId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required ? true : undefined,
  } as const;

  if (field.type === 'hidden') return null; // its value comes from the query string at submit
  if (field.type === 'section') {
    return (
      <div className="form-section" data-field-id={field.id}>
        <h3>{field.label}</h3>
        {field.description && <p className="form-description">{field.description}</p>}
      </div>
    );
  }

  const wrap = (children: ReactNode, fieldset = false) => (
    <div
      className="form-field"
      data-field-id={field.id}
      data-field-type={field.type}
      data-invalid={error ? 'true' : undefined}
    >
      {fieldset ? (
        <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
          <legend>
            {field.label}
            {field.required && (
              <span className="form-required" aria-hidden="true">
                *
              </span>
            )}
          </legend>
          <Description field={field} id={descId} />
          {children}
        </fieldset>
      ) : (
        <>
          <Label field={field} htmlFor={id} />
          <Description field={field} id={descId} />
          {children}
        </>
      )}
      <ErrorText id={errId} error={error} />
    </div>
  );

  if (isMultiPart(field.type)) {
    const parts = renderedParts(field.type, field.showCountryCode);
    const list = Array.isArray(value) ? value : [];
    return wrap(
      <div className="form-parts">
        {(texts.partOrder[field.type] ?? parts)
          .filter((part) => parts.includes(part))
          .map((part) => [part, parts.indexOf(part)] as const)
          .map(([part, i]) => (
            <div className="form-part" key={part}>
              <input
                className="form-input"
                id={`${id}-${part}`}
                name={`${field.id}.${part}`}
                type={field.type === 'phone' ? 'tel' : 'text'}
                inputMode={field.type === 'date' || field.type === 'phone' ? 'numeric' : undefined}
                autoComplete={autoCompleteOf(field.type, part)}
                value={list[i] ?? ''}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  const next = parts.map((_, j) => list[j] ?? '');
                  next[i] = e.target.value;
                  onChange(next);
                }}
              />
              <label htmlFor={`${id}-${part}`}>
                {texts.parts[part] ?? PART_LABELS[part] ?? part}
              </label>
            </div>
          ))}
      </div>,
      true,
    );
  }

  switch (field.type) {
    case 'textarea': {
      const text = typeof value === 'string' ? value : '';
      const counter = characterCounter(text.length, field.maxLength);
      return wrap(
        <>
          <textarea
            className="form-input"
            id={id}
            name={field.id}
            rows={5}
            placeholder={field.placeholder}
            value={text}
            {...common}
            onChange={(e) => onChange(e.target.value)}
          />
          {counter && (
            <div
              className="form-counter"
              data-over={counter.over ? 'true' : 'false'}
              aria-live="polite"
            >
              {counter.text}
            </div>
          )}
        </>,
      );
    }
    case 'select':
      return wrap(
        <select
          className="form-input"
          id={id}
          name={field.id}
          value={typeof value === 'string' ? value : ''}
          {...common}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{field.placeholder || texts.selectValue}</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>,
      );
    case 'radio':
    case 'checkbox': {
      const checked = Array.isArray(value) ? value : [];
      return wrap(
        <div>
          {(field.options ?? []).map((o, i) => (
            <label className="form-option" key={o} htmlFor={`${id}-${i}`}>
              <input
                id={`${id}-${i}`}
                type={field.type}
                name={field.id}
                value={o}
                checked={checked.includes(o)}
                onChange={(e) => {
                  if (field.type === 'radio') onChange([o]);
                  else
                    onChange(e.target.checked ? [...checked, o] : checked.filter((c) => c !== o));
                }}
              />
              {o}
            </label>
          ))}
        </div>,
        true,
      );
    }
    case 'likert': {
      const answers = (
        value && typeof value === 'object' && !Array.isArray(value) ? value : {}
      ) as Record<string, string | undefined>;
      return wrap(
        <div>
          {(field.questions ?? []).map((q, qi) => (
            <div className="form-likert-row" role="radiogroup" aria-label={q} key={q}>
              <p className="form-likert-question">{q}</p>
              <div className="form-likert-scale">
                {LIKERT_SCALE.map((s) => (
                  <label className="form-option" key={s.value} htmlFor={`${id}-${qi}-${s.value}`}>
                    <input
                      id={`${id}-${qi}-${s.value}`}
                      type="radio"
                      name={`${field.id}.${qi}`}
                      value={s.value}
                      checked={answers[q] === s.value}
                      onChange={() => onChange({ ...answers, [q]: s.value })}
                    />
                    {texts.likert[s.value] ?? s.label}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>,
        true,
      );
    }
    default: {
      const text = typeof value === 'string' ? value : '';
      return wrap(
        <input
          className="form-input"
          id={id}
          name={field.id}
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'email' ? 'email' : undefined}
          placeholder={field.placeholder}
          value={text}
          {...common}
          onChange={(e) => onChange(e.target.value)}
        />,
      );
    }
  }
}

function autoCompleteOf(type: string, part: string): string | undefined {
  const map: Record<string, string> = {
    'name.First': 'given-name',
    'name.Last': 'family-name',
    'address.Line1': 'address-line1',
    'address.Line2': 'address-line2',
    'address.City': 'address-level2',
    'address.State': 'address-level1',
    'address.Zip': 'postal-code',
    'address.Country': 'country-name',
    'phone.Country': 'tel-country-code',
    'phone.Areacode': 'tel-area-code',
    'phone.Line': 'tel-local-suffix',
    'phone.Prefix': 'tel-local-prefix',
  };
  return map[`${type}.${part}`];
}

import type { ReactNode } from 'react';
import {
  characterCounter,
  isMultiPart,
  LIKERT_SCALE,
  PART_LABELS,
  renderedParts,
  type FormFieldDef,
  type RawFieldState,
} from '../../../shared/forms/index.js';
import { formTexts } from '../../../shared/forms/form-texts.js';
import { pageLanguage } from '../page-texts.js';
import { Message } from '../use-message.js';

export type FieldStates = Record<string, RawFieldState>;

interface FieldProps {
  field: FormFieldDef;
  value: RawFieldState;
  error: string | undefined;
  idPrefix: string;
  onChange: (value: RawFieldState) => void;
}

/**
 * Every SPEC 3.6 field type of a custom product form as real inputs, each labelled, with its
 * message under it (aria-describedby) so screen readers read the error with the field.
 */
export function CustomFormField(props: FieldProps) {
  const { field, error, idPrefix } = props;
  // Drawn only in the browser (a modal opened by a click), with the page's texts loaded.
  const texts = formTexts(pageLanguage());
  const id = `${idPrefix}-${field.id}`;
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  const invalid = error ? true : undefined;
  const req = field.required ? (
    <span aria-hidden="true" className="pi-required">
      {' '}
      *
    </span>
  ) : null;
  const errorLine = error ? (
    <p id={errorId} className="pi-field-error" role="alert">
      <Message text={error} />
    </p>
  ) : null;

  if (field.type === 'hidden') return null;
  if (field.type === 'section') {
    return (
      <div className="pi-section" data-field-id={field.id}>
        <h3>{field.label}</h3>
        {field.description ? <p>{field.description}</p> : null}
      </div>
    );
  }

  const group = (children: ReactNode) => (
    <fieldset
      className="pi-field"
      data-field-id={field.id}
      data-field-type={field.type}
      aria-describedby={described}
      aria-invalid={invalid}
    >
      <legend>
        {field.label}
        {req}
      </legend>
      {field.description ? <p>{field.description}</p> : null}
      {children}
      {errorLine}
    </fieldset>
  );

  if (isMultiPart(field.type)) {
    const parts = renderedParts(field.type, field.showCountryCode);
    const values = Array.isArray(props.value) ? props.value : [];
    return group(
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {parts.map((part, i) => (
          <label key={part} style={{ display: 'flex', flexDirection: 'column', fontSize: '.9em' }}>
            <input
              type="text"
              name={`${field.id}-${part}`}
              data-part={part}
              value={values[i] ?? ''}
              aria-invalid={invalid}
              onChange={(e) => {
                const next = parts.map((_, j) => values[j] ?? '');
                next[i] = e.target.value;
                props.onChange(next);
              }}
            />
            <span>{texts.parts[part] ?? PART_LABELS[part] ?? part}</span>
          </label>
        ))}
      </div>,
    );
  }

  if (field.type === 'checkbox' || field.type === 'radio') {
    const checked = Array.isArray(props.value) ? props.value : [];
    return group(
      (field.options ?? []).map((option) => (
        <label key={option} style={{ display: 'block' }}>
          <input
            type={field.type}
            name={id}
            value={option}
            checked={checked.includes(option)}
            onChange={(e) => {
              if (field.type === 'radio') props.onChange([option]);
              else
                props.onChange(
                  e.target.checked ? [...checked, option] : checked.filter((c) => c !== option),
                );
            }}
          />{' '}
          {option}
        </label>
      )),
    );
  }

  if (field.type === 'likert') {
    const answers = (
      props.value && typeof props.value === 'object' && !Array.isArray(props.value)
        ? props.value
        : {}
    ) as Record<string, string | undefined>;
    return group(
      (field.questions ?? []).map((q, qi) => (
        <fieldset key={q} className="pi-likert-question">
          <legend>{q}</legend>
          {LIKERT_SCALE.map((s) => (
            <label key={s.value} style={{ marginRight: 12 }}>
              <input
                type="radio"
                name={`${id}-q${qi}`}
                value={s.value}
                checked={answers[q] === s.value}
                onChange={() => props.onChange({ ...answers, [q]: s.value })}
              />{' '}
              {texts.likert[s.value] ?? s.label}
            </label>
          ))}
        </fieldset>
      )),
    );
  }

  const text = typeof props.value === 'string' ? props.value : '';
  const counter = field.type === 'textarea' ? characterCounter(text.length, field.maxLength) : null;
  const common = {
    id,
    name: field.id,
    value: text,
    placeholder: field.placeholder,
    'aria-invalid': invalid,
    'aria-describedby': described,
    'aria-required': field.required ? true : undefined,
  };
  let control: ReactNode;
  if (field.type === 'select') {
    control = (
      <select {...common} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{texts.selectValue}</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea {...common} rows={4} onChange={(e) => props.onChange(e.target.value)} />;
  } else {
    control = (
      <input
        {...common}
        type={field.type === 'email' ? 'email' : 'text'}
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="pi-field" data-field-id={field.id} data-field-type={field.type}>
      <label htmlFor={id} style={{ display: 'block' }}>
        {field.label}
        {req}
      </label>
      {field.description ? <p>{field.description}</p> : null}
      {control}
      {counter ? (
        <p className={counter.over ? 'pi-counter pi-field-error' : 'pi-counter'}>{counter.text}</p>
      ) : null}
      {errorLine}
    </div>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { decimalToMinor, minorToDecimalString } from '../../../shared/money.js';

/** Field errors by path (`shippingOptions.0.name`), from the shared checks or the server's 400. */
export type FieldErrors = Record<string, string>;

/** The editing surface every section of the screen gets. */
export interface SectionProps<T> {
  settings: T;
  patch: (p: Partial<T>) => void;
  errors: FieldErrors;
  currency: string;
}

export function Err({ errors, path }: { errors: FieldErrors; path: string }) {
  const e = errors[path];
  return e ? (
    <span className="ed-inline-error ed-small" id={`err-${path}`}>
      {e}
    </span>
  ) : null;
}

export const invalid = (errors: FieldErrors, path: string) => (errors[path] ? true : undefined);

/** A visible label around a control, with the error of `path` under it. */
export function Field({
  label,
  path,
  errors,
  children,
}: {
  label: string;
  path?: string;
  errors?: FieldErrors;
  children: ReactNode;
}) {
  return (
    <label className="ed-labelled">
      <span>{label}</span>
      {children}
      {path && errors && <Err errors={errors} path={path} />}
    </label>
  );
}

export function TextField({
  label,
  path,
  errors,
  value,
  onChange,
  rows,
}: {
  label: string;
  path: string;
  errors: FieldErrors;
  value: string;
  onChange: (value: string) => void;
  /** A textarea of this many rows instead of one line. */
  rows?: number;
}) {
  const props = {
    className: 'ed-input',
    value,
    'aria-invalid': invalid(errors, path),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <Field label={label} path={path} errors={errors}>
      {rows ? <textarea rows={rows} {...props} /> : <input {...props} />}
    </Field>
  );
}

/** A money field edited as a decimal ('4.95'), stored in minor units; NaN while unreadable. */
export function MoneyInput({
  id,
  value,
  currency,
  onChange,
  invalid: isInvalid,
  label,
}: {
  id: string;
  value: number | undefined;
  currency: string;
  onChange: (minor: number | undefined) => void;
  invalid: boolean;
  label: string;
}) {
  // NaN stands for what the owner typed and could not be read: keep their text on screen.
  const readable = value === undefined || Number.isInteger(value);
  const shown = value === undefined || !readable ? '' : minorToDecimalString(value, currency);
  const [text, setText] = useState(shown);
  useEffect(() => {
    if (readable) setText(shown);
  }, [shown, readable]);
  return (
    <input
      id={id}
      className="ed-input ed-money"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={isInvalid || undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange(e.target.value.trim() ? decimalToMinor(e.target.value, currency) : undefined);
        } catch {
          onChange(Number.NaN);
        }
      }}
    />
  );
}

export function MoneyField({
  label,
  inputLabel = label,
  path,
  errors,
  value,
  currency,
  onChange,
}: {
  label: string;
  /** The input's own accessible name when the visible label is longer or shared. */
  inputLabel?: string;
  path: string;
  errors: FieldErrors;
  value: number | undefined;
  currency: string;
  onChange: (minor: number | undefined) => void;
}) {
  return (
    <Field label={label} path={path} errors={errors}>
      <MoneyInput
        id={path}
        label={inputLabel}
        value={value}
        currency={currency}
        invalid={!!errors[path]}
        onChange={onChange}
      />
    </Field>
  );
}

export function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="ed-radio">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

export function newId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

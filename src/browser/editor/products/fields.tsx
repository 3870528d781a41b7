import type { ReactNode } from 'react';
import type { FieldErrors } from './product-form.js';

/**
 * Field plumbing of the product editor: every control's id is `f-{path}` and its error's
 * `err-{path}` (the contract's path, `variants.2.sku`), so the server's `fieldErrors` land beside
 * the right control, are tied to it with aria-describedby, and the summary can focus it.
 */
export const fieldId = (path: string) => `f-${path}`;
export const errorId = (path: string) => `err-${path}`;

/** Props that tie a control to its path: id, aria-invalid and aria-describedby (error, hint). */
export function describe(errors: FieldErrors, path: string, hintId?: string) {
  const ids = [errors[path] ? errorId(path) : '', hintId ?? ''].filter(Boolean).join(' ');
  return {
    id: fieldId(path),
    'aria-invalid': errors[path] ? (true as const) : undefined,
    'aria-describedby': ids || undefined,
  };
}

export function FieldError({
  errors,
  path,
  nested,
}: {
  errors: FieldErrors;
  path: string;
  /** Also show the first error of a path under this one (`tags.3` under `tags`). */
  nested?: boolean;
}) {
  const e =
    errors[path] ??
    (nested ? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1] : undefined);
  return e ? (
    <span className="ed-inline-error ed-field-error" id={errorId(path)}>
      {e}
    </span>
  ) : null;
}

/** A label above its control, an optional hint, and the path's error below. */
export function Field({
  label,
  path,
  errors,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  path: string;
  errors: FieldErrors;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`ed-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={fieldId(path)}>{label}</label>
      {children}
      {hint && (
        <span className="ed-hint" id={`hint-${path}`}>
          {hint}
        </span>
      )}
      <FieldError errors={errors} path={path} />
    </div>
  );
}

export function TextInput({
  path,
  errors,
  value,
  onChange,
  hint,
  ...rest
}: {
  path: string;
  errors: FieldErrors;
  value: string;
  onChange: (v: string) => void;
  hint?: boolean;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric' | 'text';
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <input
      {...rest}
      className={`ed-input${rest.className ? ` ${rest.className}` : ''}`}
      {...describe(errors, path, hint ? `hint-${path}` : undefined)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  id?: string;
}) {
  return (
    <label className="ed-radio">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

/** A card of the editor with its heading. */
export function Card({
  title,
  children,
  id,
  intro,
}: {
  title: string;
  children: ReactNode;
  id?: string;
  intro?: ReactNode;
}) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-h`;
  return (
    <section className="ed-section ed-pe-card" aria-labelledby={headingId} id={id}>
      <h2 id={headingId}>{title}</h2>
      {intro && <p className="ed-muted ed-card-intro">{intro}</p>}
      {children}
    </section>
  );
}

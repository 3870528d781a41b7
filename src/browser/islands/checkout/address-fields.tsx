import type { ReactNode } from 'react';
import type { CheckoutFieldErrors } from '../../../shared/checkout/api.js';
import {
  countryCodes,
  countryFormat,
  countryName,
  postalCodeError,
} from '../../../shared/checkout/address-rules.js';
import {
  regionLabel,
  type AddressField,
  type CheckoutTexts,
} from '../../../shared/checkout/checkout-texts.js';
import type { AddressDraft } from './checkout-steps.js';

/** The DOM id of a field, from its error key (`shippingAddress.postalCode` → `co-shippingAddress-postalCode`). */
export function fieldId(key: string): string {
  return `co-${key.replace(/\./g, '-')}`;
}

export interface FieldProps {
  name: string;
  label: string;
  errors: CheckoutFieldErrors;
  /** Shown under the field (example, 'Optional'), tied to it with aria-describedby. */
  hint?: string;
  children: (a11y: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  wide?: boolean;
}

/**
 * A labelled control with its hint and its error beside it (aria-invalid, aria-describedby). A
 * field with an error is invalid even while its text is still on its way ('').
 */
export function Field({ name, label, errors, hint, children, wide }: FieldProps) {
  const id = fieldId(name);
  const error = errors[name];
  const invalid = error !== undefined;
  const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={wide ? 'co-field co-wide' : 'co-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p className="co-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {invalid && (
        <p className="co-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface AddressFieldsProps {
  /** `shippingAddress` or `billingAddress`: the prefix of the error keys. */
  prefix: 'shippingAddress' | 'billingAddress';
  value: AddressDraft;
  /** Already in the page's language ('' while a text is on its way). */
  errors: CheckoutFieldErrors;
  /** Countries offered; empty: every country the checkout knows. */
  countries: readonly string[];
  onChange: (next: AddressDraft) => void;
  /** A field's error changed (the postal code is checked when the shopper leaves it). */
  onFieldError: (key: string, message: string | null) => void;
  texts: CheckoutTexts;
  /** The site's language: country names (Intl.DisplayNames) and their order. */
  language: string;
}

const AUTOCOMPLETE: Record<AddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  phone: 'tel',
};

/**
 * Name, street, city, country, region and postal code in the order and words of the site's
 * language, the region and postal labels as the chosen country says them ('State' / 'Province'
 * / 'County' / 'Region'; 'ZIP Code' / 'Postal Code' / 'Postcode' / 'Eircode'; 都道府県 and 郵便番号
 * in Japanese), with SPEC 5.7's postal-code check as the shopper leaves the field.
 */
export function AddressFields({
  prefix,
  value,
  errors,
  countries,
  onChange,
  onFieldError,
  texts,
  language,
}: AddressFieldsProps) {
  const format = countryFormat(value.country);
  const names = new Map(
    (countries.length ? countries : countryCodes()).map((c) => [c, countryName(c, language)]),
  );
  const list = [...names.keys()].sort((a, b) =>
    names.get(a)!.localeCompare(names.get(b)!, language),
  );
  const scope = prefix === 'shippingAddress' ? 'shipping' : 'billing';
  const set = (field: AddressField, v: string) => {
    onChange({ ...value, [field]: v });
    // Typing again clears the field's error; it is checked again on leaving or continuing.
    if (errors[`${prefix}.${field}`] !== undefined) onFieldError(`${prefix}.${field}`, null);
  };
  const optional = (required: boolean, ...more: string[]) =>
    [required ? '' : texts.optional, ...more].filter(Boolean).join(' · ') || undefined;
  const text = (field: AddressField, label: string, hint?: string, wide = false) => (
    <Field
      key={field}
      name={`${prefix}.${field}`}
      label={label}
      errors={errors}
      hint={hint}
      wide={wide}
    >
      {(a11y) => (
        <input
          {...a11y}
          type={field === 'phone' ? 'tel' : 'text'}
          autoComplete={`${scope} ${AUTOCOMPLETE[field]}`}
          value={value[field]}
          onChange={(e) => set(field, e.target.value)}
          onBlur={
            field === 'postalCode'
              ? (e) => {
                  if (!e.target.value.trim()) return;
                  const error = postalCodeError(value.country, e.target.value);
                  onFieldError(`${prefix}.postalCode`, error);
                }
              : undefined
          }
        />
      )}
    </Field>
  );
  // A form that starts with the country (Japanese) gives it a row of its own.
  const country = (
    <Field
      key="country"
      name={`${prefix}.country`}
      label={texts.labels.country}
      errors={errors}
      wide={texts.addressOrder[0] === 'country'}
    >
      {(a11y) => (
        <select
          {...a11y}
          autoComplete={`${scope} country`}
          value={value.country}
          onChange={(e) => {
            onChange({ ...value, country: e.target.value, region: '' });
            onFieldError(`${prefix}.postalCode`, null);
            onFieldError(`${prefix}.country`, null);
          }}
        >
          {list.map((code) => (
            <option key={code} value={code}>
              {names.get(code)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const fields: Record<AddressField, () => ReactNode> = {
    firstName: () => text('firstName', texts.labels.firstName),
    lastName: () => text('lastName', texts.labels.lastName),
    line1: () => text('line1', texts.labels.line1, undefined, true),
    line2: () => text('line2', texts.labels.line2, texts.optional, true),
    city: () => text('city', texts.labels.city, undefined, true),
    country: () => country,
    region: () =>
      text(
        'region',
        regionLabel(texts, value.country, format.regionLabel),
        optional(format.regionRequired),
      ),
    postalCode: () =>
      text(
        'postalCode',
        texts.postalLabels[format.postalLabel],
        optional(format.postalRequired, format.postalSample && texts.example(format.postalSample)),
      ),
    phone: () => text('phone', texts.labels.phone, texts.optional),
  };
  return <div className="co-grid">{texts.addressOrder.map((f) => fields[f]())}</div>;
}

import type { ReactNode } from 'react';
import type { CheckoutFieldErrors } from '../../../shared/checkout/api.js';
import {
  AddressLabels,
  countryCodes,
  countryFormat,
  postalCodeError,
} from '../../../shared/checkout/address-rules.js';
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

/** A labelled control with its hint and its error beside it (aria-invalid, aria-describedby). */
export function Field({ name, label, errors, hint, children, wide }: FieldProps) {
  const id = fieldId(name);
  const error = errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={wide ? 'co-field co-wide' : 'co-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p className="co-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
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
  errors: CheckoutFieldErrors;
  /** Countries offered; empty: every country the checkout knows. */
  countries: readonly string[];
  onChange: (next: AddressDraft) => void;
  /** A field's error changed (the postal code is checked when the shopper leaves it). */
  onFieldError: (key: string, message: string | null) => void;
}

const AUTOCOMPLETE: Record<string, string> = {
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
 * Name, street, city, country, region and postal code, labelled the way the chosen country says
 * them ('State' / 'Province' / 'County' / 'Region'; 'ZIP Code' / 'Postal Code' / 'Postcode' /
 * 'Eircode'), with SPEC 5.7's postal-code check as the shopper leaves the field.
 */
export function AddressFields({
  prefix,
  value,
  errors,
  countries,
  onChange,
  onFieldError,
}: AddressFieldsProps) {
  const format = countryFormat(value.country);
  const list = countries.length ? countries : countryCodes();
  const scope = prefix === 'shippingAddress' ? 'shipping' : 'billing';
  const set = (field: keyof AddressDraft, v: string) => {
    onChange({ ...value, [field]: v });
    // Typing again clears the field's error; it is checked again on leaving or continuing.
    if (errors[`${prefix}.${field}`]) onFieldError(`${prefix}.${field}`, null);
  };
  const text = (field: keyof AddressDraft, label: string, hint?: string, wide = false) => (
    <Field name={`${prefix}.${field}`} label={label} errors={errors} hint={hint} wide={wide}>
      {(a11y) => (
        <input
          {...a11y}
          type={field === 'phone' ? 'tel' : 'text'}
          autoComplete={`${scope} ${AUTOCOMPLETE[field]}`}
          value={value[field]}
          onChange={(e) => set(field, e.target.value)}
          onBlur={
            field === 'postalCode'
              ? (e) =>
                  e.target.value.trim() &&
                  onFieldError(
                    `${prefix}.postalCode`,
                    postalCodeError(value.country, e.target.value),
                  )
              : undefined
          }
        />
      )}
    </Field>
  );
  return (
    <div className="co-grid">
      {text('firstName', AddressLabels.firstName)}
      {text('lastName', AddressLabels.lastName)}
      {text('line1', AddressLabels.line1, undefined, true)}
      {text('line2', AddressLabels.line2, 'Optional', true)}
      {text('city', AddressLabels.city, undefined, true)}
      <Field name={`${prefix}.country`} label={AddressLabels.country} errors={errors}>
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
                {countryFormat(code).name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {text('region', format.regionLabel, format.regionRequired ? undefined : 'Optional')}
      {text(
        'postalCode',
        format.postalLabel,
        [format.postalRequired ? '' : 'Optional', format.postalExample].filter(Boolean).join(' · '),
      )}
      {text('phone', AddressLabels.phone, 'Optional')}
    </div>
  );
}

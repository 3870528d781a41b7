import { useState } from 'react';
import {
  checkoutSettingsErrors,
  type CheckoutSettings,
} from '../../../shared/checkout/settings.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import type { FieldErrors, SectionProps } from './fields.js';
import { PaymentsSection } from './payments-section.js';
import { ShippingSection, ShipsToSection } from './shipping-section.js';
import { TaxSection } from './tax-section.js';

export const CHECKOUT_SETTINGS_API = '/api/commerce/settings/checkout';

/** GET answers the settings, possibly wrapped with the store's currency. */
interface SettingsAnswer {
  settings?: CheckoutSettings;
  currency?: string;
}

function unwrap(body: unknown): { settings: CheckoutSettings; currency: string } {
  const b = body as SettingsAnswer & CheckoutSettings;
  return b.settings
    ? { settings: b.settings, currency: b.currency ?? 'USD' }
    : { settings: b, currency: b.currency ?? 'USD' };
}

/** Shipping options, tax rules and payment providers (GET/PUT /api/commerce/settings/checkout). */
export function CheckoutSettingsScreen() {
  const state = useLoad(
    (signal) =>
      Promise.all([
        editorFetch<unknown>(CHECKOUT_SETTINGS_API, { signal }).then(unwrap),
        // Amounts are edited in the store's currency, which the storefront's context names.
        editorFetch<{ websiteSettings?: { storeSettings?: { currencyCode?: string } } }>(
          '/?format=json',
          { signal },
        ).catch(() => undefined),
      ]).then(([d, ctx]) => ({
        ...d,
        currency: ctx?.websiteSettings?.storeSettings?.currencyCode ?? d.currency,
      })),
    'checkout-settings',
  );
  return (
    <>
      <ScreenHeading
        title="Checkout"
        intro="Where you ship and for how much, the taxes you charge, and how shoppers pay."
      />
      <LoadView state={state}>
        {(d) => <SettingsForm initial={d.settings} currency={d.currency} />}
      </LoadView>
    </>
  );
}

/**
 * The whole settings object is edited locally and saved at once: the shared checks
 * (`checkoutSettingsErrors`) mark fields before the PUT, the server's 400 marks the rest.
 */
function SettingsForm({ initial, currency }: { initial: CheckoutSettings; currency: string }) {
  const [s, setS] = useState<CheckoutSettings>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const patch = (p: Partial<CheckoutSettings>) => {
    setS((x) => ({ ...x, ...p }));
    setResult(null);
  };

  const save = async () => {
    const local = checkoutSettingsErrors(s);
    setErrors(local);
    if (Object.keys(local).length) {
      setResult({ ok: false, text: 'Please fix the fields marked below.' });
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.ed-settings [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      const res = await editorFetch<unknown>(CHECKOUT_SETTINGS_API, { method: 'PUT', json: s });
      if (res) setS(unwrap(res).settings);
      setResult({ ok: true, text: 'Saved.' });
    } catch (err) {
      const fe = (err as { body?: { error?: { fieldErrors?: FieldErrors } } }).body?.error
        ?.fieldErrors;
      if (fe) setErrors(fe);
      setResult({ ok: false, text: actionFailureText(err) });
    } finally {
      setSaving(false);
    }
  };

  const section: SectionProps<CheckoutSettings> = { settings: s, patch, errors, currency };
  return (
    <form
      className="ed-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <ShipsToSection {...section} />
      <ShippingSection {...section} />
      <TaxSection {...section} />
      <PaymentsSection {...section} />
      <div className="ed-save-bar">
        <button type="submit" className="ed-button ed-button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save checkout settings'}
        </button>
        <span role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
          {result?.text}
        </span>
      </div>
    </form>
  );
}

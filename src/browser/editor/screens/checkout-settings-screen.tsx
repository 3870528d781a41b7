import { useEffect, useState, type ReactNode } from 'react';
import type { ShippingKind } from '../../../shared/checkout/api.js';
import { countryCodes, countryFormat } from '../../../shared/checkout/address-rules.js';
import {
  checkoutSettingsErrors,
  SHIPPING_KINDS,
  type CheckoutSettings,
  type ShippingOptionSettings,
  type TaxRuleSettings,
} from '../../../shared/checkout/settings.js';
import { decimalToMinor, minorToDecimalString } from '../../../shared/money.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

export const CHECKOUT_SETTINGS_API = '/api/commerce/settings/checkout';

const KIND_LABELS: Record<ShippingKind, string> = {
  flat: 'Flat rate',
  free_over: 'Free above an amount',
  weight_tiers: 'By weight',
  price_tiers: 'By order value',
  pickup: 'Local pickup',
};

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

function newId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
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

/** A money field edited as a decimal ('4.95'), stored in minor units. */
function MoneyInput({
  id,
  value,
  currency,
  onChange,
  invalid,
  label,
}: {
  id: string;
  value: number | undefined;
  currency: string;
  onChange: (minor: number | undefined) => void;
  invalid: boolean;
  label: string;
}) {
  const shown = value === undefined ? '' : minorToDecimalString(value, currency);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <input
      id={id}
      className="ed-input ed-money"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={invalid || undefined}
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

function Err({ errors, path }: { errors: Record<string, string>; path: string }) {
  const e = errors[path];
  return e ? (
    <span className="ed-inline-error ed-small" id={`err-${path}`}>
      {e}
    </span>
  ) : null;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="ed-labelled">
      <span>{label}</span>
      {children}
    </label>
  );
}

function SettingsForm({ initial, currency }: { initial: CheckoutSettings; currency: string }) {
  const [s, setS] = useState<CheckoutSettings>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const countries = countryCodes();

  const patch = (p: Partial<CheckoutSettings>) => {
    setS((x) => ({ ...x, ...p }));
    setResult(null);
  };
  const setOption = (i: number, p: Partial<ShippingOptionSettings>) =>
    patch({ shippingOptions: s.shippingOptions.map((o, j) => (j === i ? { ...o, ...p } : o)) });
  const setRule = (i: number, p: Partial<TaxRuleSettings>) =>
    patch({ taxRules: s.taxRules.map((r, j) => (j === i ? { ...r, ...p } : r)) });

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
      const fe = (err as { body?: { error?: { fieldErrors?: Record<string, string> } } }).body
        ?.error?.fieldErrors;
      if (fe) setErrors(fe);
      setResult({ ok: false, text: actionFailureText(err) });
    } finally {
      setSaving(false);
    }
  };

  const inv = (path: string) => (errors[path] ? true : undefined);

  return (
    <form
      className="ed-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <section className="ed-section" aria-labelledby="cs-ships">
        <h2 id="cs-ships">Countries you ship to</h2>
        <Err errors={errors} path="shipsTo" />
        <div className="ed-check-grid">
          {countries.map((c) => (
            <label key={c} className="ed-radio">
              <input
                type="checkbox"
                checked={s.shipsTo.includes(c)}
                onChange={(e) =>
                  patch({
                    shipsTo: e.target.checked
                      ? [...s.shipsTo, c]
                      : s.shipsTo.filter((x) => x !== c),
                  })
                }
              />
              {countryFormat(c).name}
            </label>
          ))}
        </div>
      </section>

      <section className="ed-section" aria-labelledby="cs-shipping">
        <h2 id="cs-shipping">Shipping options</h2>
        {s.shippingOptions.length === 0 && (
          <p className="ed-empty">No shipping options: shoppers cannot buy physical products.</p>
        )}
        {s.shippingOptions.map((o, i) => {
          const p = `shippingOptions.${i}`;
          const tiered = o.kind === 'weight_tiers' || o.kind === 'price_tiers';
          return (
            <fieldset key={o.id} className="ed-card ed-option">
              <legend>{o.name || 'New option'}</legend>
              <div className="ed-form-grid">
                <Labelled label="Name">
                  <input
                    className="ed-input"
                    value={o.name}
                    aria-invalid={inv(`${p}.name`)}
                    onChange={(e) => setOption(i, { name: e.target.value })}
                  />
                  <Err errors={errors} path={`${p}.name`} />
                </Labelled>
                <Labelled label="Kind">
                  <select
                    className="ed-input"
                    value={o.kind}
                    onChange={(e) => {
                      const kind = e.target.value as ShippingKind;
                      setOption(i, {
                        kind,
                        ...(kind === 'weight_tiers' || kind === 'price_tiers'
                          ? { tiers: o.tiers?.length ? o.tiers : [{ upTo: null, amount: 0 }] }
                          : {}),
                        ...(kind === 'free_over' ? { freeOver: o.freeOver ?? 5000 } : {}),
                      });
                    }}
                  >
                    {SHIPPING_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KIND_LABELS[k]}
                      </option>
                    ))}
                  </select>
                </Labelled>
                {!tiered && (
                  <Labelled label={o.kind === 'free_over' ? 'Price below the threshold' : 'Price'}>
                    <MoneyInput
                      id={`${p}.amount`}
                      label="Price"
                      value={o.amount}
                      currency={currency}
                      invalid={!!errors[`${p}.amount`]}
                      onChange={(v) => setOption(i, { amount: v as number })}
                    />
                    <Err errors={errors} path={`${p}.amount`} />
                  </Labelled>
                )}
                {o.kind === 'free_over' && (
                  <Labelled label="Free from subtotal">
                    <MoneyInput
                      id={`${p}.freeOver`}
                      label="Free from subtotal"
                      value={o.freeOver}
                      currency={currency}
                      invalid={!!errors[`${p}.freeOver`]}
                      onChange={(v) => setOption(i, { freeOver: v })}
                    />
                    <Err errors={errors} path={`${p}.freeOver`} />
                  </Labelled>
                )}
                <Labelled label="Description (shown to shoppers)">
                  <input
                    className="ed-input"
                    value={o.description}
                    aria-invalid={inv(`${p}.description`)}
                    onChange={(e) => setOption(i, { description: e.target.value })}
                  />
                  <Err errors={errors} path={`${p}.description`} />
                </Labelled>
                <Labelled label="Only for countries (codes, comma separated; empty: all)">
                  <input
                    className="ed-input"
                    value={o.countries.join(', ')}
                    onChange={(e) =>
                      setOption(i, {
                        countries: e.target.value
                          .split(/[\s,]+/)
                          .map((c) => c.trim().toUpperCase())
                          .filter(Boolean),
                      })
                    }
                  />
                  {o.countries.map((_, j) => (
                    <Err key={j} errors={errors} path={`${p}.countries.${j}`} />
                  ))}
                </Labelled>
              </div>
              {tiered && (
                <div className="ed-tiers">
                  <p className="ed-small ed-muted">
                    {o.kind === 'weight_tiers'
                      ? 'Up to a weight in grams; leave the last limit empty for “and above”.'
                      : 'Up to an order subtotal; leave the last limit empty for “and above”.'}
                  </p>
                  <Err errors={errors} path={`${p}.tiers`} />
                  {(o.tiers ?? []).map((t, j) => (
                    <div key={j} className="ed-tier">
                      <Labelled label={o.kind === 'weight_tiers' ? 'Up to (g)' : 'Up to'}>
                        {o.kind === 'weight_tiers' ? (
                          <input
                            className="ed-input ed-money"
                            inputMode="numeric"
                            value={t.upTo ?? ''}
                            aria-invalid={inv(`${p}.tiers.${j}.upTo`)}
                            onChange={(e) => {
                              const tiers = [...(o.tiers ?? [])];
                              tiers[j] = {
                                ...t,
                                upTo: e.target.value.trim() ? Number(e.target.value) : null,
                              };
                              setOption(i, { tiers });
                            }}
                          />
                        ) : (
                          <MoneyInput
                            id={`${p}.tiers.${j}.upTo`}
                            label="Up to"
                            value={t.upTo ?? undefined}
                            currency={currency}
                            invalid={!!errors[`${p}.tiers.${j}.upTo`]}
                            onChange={(v) => {
                              const tiers = [...(o.tiers ?? [])];
                              tiers[j] = { ...t, upTo: v ?? null };
                              setOption(i, { tiers });
                            }}
                          />
                        )}
                        <Err errors={errors} path={`${p}.tiers.${j}.upTo`} />
                      </Labelled>
                      <Labelled label="Price">
                        <MoneyInput
                          id={`${p}.tiers.${j}.amount`}
                          label="Tier price"
                          value={t.amount}
                          currency={currency}
                          invalid={!!errors[`${p}.tiers.${j}.amount`]}
                          onChange={(v) => {
                            const tiers = [...(o.tiers ?? [])];
                            tiers[j] = { ...t, amount: v as number };
                            setOption(i, { tiers });
                          }}
                        />
                      </Labelled>
                      <button
                        type="button"
                        className="ed-button"
                        onClick={() =>
                          setOption(i, { tiers: (o.tiers ?? []).filter((_, k) => k !== j) })
                        }
                      >
                        Remove tier
                      </button>
                    </div>
                  ))}
                  <button
                    type="button"
                    className="ed-button"
                    onClick={() =>
                      setOption(i, { tiers: [...(o.tiers ?? []), { upTo: null, amount: 0 }] })
                    }
                  >
                    Add tier
                  </button>
                </div>
              )}
              <button
                type="button"
                className="ed-button ed-button-danger"
                onClick={() =>
                  patch({ shippingOptions: s.shippingOptions.filter((_, j) => j !== i) })
                }
              >
                Remove {o.name || 'option'}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="ed-button"
          onClick={() =>
            patch({
              shippingOptions: [
                ...s.shippingOptions,
                {
                  id: newId('ship'),
                  name: 'Standard',
                  kind: 'flat',
                  description: '',
                  countries: [],
                  amount: 500,
                },
              ],
            })
          }
        >
          Add shipping option
        </button>
      </section>

      <section className="ed-section" aria-labelledby="cs-tax">
        <h2 id="cs-tax">Taxes</h2>
        <label className="ed-radio">
          <input
            type="checkbox"
            checked={s.pricesIncludeTax}
            onChange={(e) => patch({ pricesIncludeTax: e.target.checked })}
          />
          My prices already include tax
        </label>
        {s.taxRules.length === 0 && <p className="ed-empty">No tax rules: no tax is charged.</p>}
        {s.taxRules.map((r, i) => {
          const p = `taxRules.${i}`;
          return (
            <fieldset key={r.id} className="ed-card ed-tax-rule">
              <legend>{r.name || 'New tax rule'}</legend>
              <div className="ed-form-grid">
                <Labelled label="Name">
                  <input
                    className="ed-input"
                    value={r.name}
                    aria-invalid={inv(`${p}.name`)}
                    onChange={(e) => setRule(i, { name: e.target.value })}
                  />
                  <Err errors={errors} path={`${p}.name`} />
                </Labelled>
                <Labelled label="Country">
                  <select
                    className="ed-input"
                    value={r.country}
                    aria-invalid={inv(`${p}.country`)}
                    onChange={(e) => setRule(i, { country: e.target.value })}
                  >
                    {countries.map((c) => (
                      <option key={c} value={c}>
                        {countryFormat(c).name}
                      </option>
                    ))}
                  </select>
                  <Err errors={errors} path={`${p}.country`} />
                </Labelled>
                <Labelled label={`${countryFormat(r.country).regionLabel} (empty: whole country)`}>
                  <input
                    className="ed-input"
                    value={r.region}
                    onChange={(e) => setRule(i, { region: e.target.value })}
                  />
                </Labelled>
                <Labelled label="Rate (%)">
                  <input
                    className="ed-input ed-money"
                    inputMode="decimal"
                    value={Number.isNaN(r.rate) ? '' : String(r.rate)}
                    aria-invalid={inv(`${p}.rate`)}
                    onChange={(e) => setRule(i, { rate: Number(e.target.value.replace(',', '.')) })}
                  />
                  <Err errors={errors} path={`${p}.rate`} />
                </Labelled>
              </div>
              <label className="ed-radio">
                <input
                  type="checkbox"
                  checked={r.appliesToShipping}
                  onChange={(e) => setRule(i, { appliesToShipping: e.target.checked })}
                />
                Tax shipping too
              </label>
              <button
                type="button"
                className="ed-button ed-button-danger"
                onClick={() => patch({ taxRules: s.taxRules.filter((_, j) => j !== i) })}
              >
                Remove {r.name || 'rule'}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="ed-button"
          onClick={() =>
            patch({
              taxRules: [
                ...s.taxRules,
                {
                  id: newId('tax'),
                  name: 'Sales tax',
                  country: s.shipsTo[0] ?? 'US',
                  region: '',
                  rate: 0,
                  appliesToShipping: false,
                },
              ],
            })
          }
        >
          Add tax rule
        </button>
      </section>

      <section className="ed-section" aria-labelledby="cs-pay">
        <h2 id="cs-pay">Payments</h2>
        <Err errors={errors} path="payments" />
        <label className="ed-radio">
          <input
            type="checkbox"
            checked={s.testMode}
            onChange={(e) => patch({ testMode: e.target.checked })}
          />
          Test mode (orders are marked as tests; the checkout says so)
        </label>
        <label className="ed-radio">
          <input
            type="checkbox"
            checked={s.payments.test.enabled}
            onChange={(e) =>
              patch({ payments: { ...s.payments, test: { enabled: e.target.checked } } })
            }
          />
          Test card (4242 4242 4242 4242 approves)
        </label>
        <label className="ed-radio">
          <input
            type="checkbox"
            checked={s.payments.stripe.enabled}
            onChange={(e) =>
              patch({ payments: { ...s.payments, stripe: { enabled: e.target.checked } } })
            }
          />
          Stripe (keys come from the server’s configuration)
        </label>
        <label className="ed-radio">
          <input
            type="checkbox"
            checked={s.payments.manual.enabled}
            onChange={(e) =>
              patch({
                payments: {
                  ...s.payments,
                  manual: { ...s.payments.manual, enabled: e.target.checked },
                },
              })
            }
          />
          Manual payment (bank transfer, pay on pickup)
        </label>
        {s.payments.manual.enabled && (
          <div className="ed-form-grid">
            <Labelled label="Name shown to shoppers">
              <input
                className="ed-input"
                value={s.payments.manual.label}
                aria-invalid={inv('payments.manual.label')}
                onChange={(e) =>
                  patch({
                    payments: {
                      ...s.payments,
                      manual: { ...s.payments.manual, label: e.target.value },
                    },
                  })
                }
              />
              <Err errors={errors} path="payments.manual.label" />
            </Labelled>
            <Labelled label="Instructions">
              <textarea
                className="ed-input"
                rows={4}
                value={s.payments.manual.instructions}
                aria-invalid={inv('payments.manual.instructions')}
                onChange={(e) =>
                  patch({
                    payments: {
                      ...s.payments,
                      manual: { ...s.payments.manual, instructions: e.target.value },
                    },
                  })
                }
              />
              <Err errors={errors} path="payments.manual.instructions" />
            </Labelled>
          </div>
        )}
      </section>

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

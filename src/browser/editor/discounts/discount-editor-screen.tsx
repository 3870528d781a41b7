import { useState } from 'react';
import { DISCOUNT_KINDS } from '../../../shared/checkout/api.js';
import { usageText, type DiscountJson } from '../../../shared/checkout/discounts.js';
import { Check, Err, Field, MoneyField, TextField, invalid } from '../checkout-settings/fields.js';
import { ConfirmDelete } from '../confirm-delete.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ProductPicker } from '../products/product-picker.js';
import '../products/products.css';
import './discounts.css';
import { discountHref } from '../routes.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { DISCOUNTS_API, loadStoreCurrency } from './discounts-api.js';
import {
  emptyForm,
  formErrors,
  formOf,
  inputOf,
  randomCode,
  type DiscountForm,
} from './discount-form.js';

const KIND_LABELS = {
  percentage: 'Percentage',
  fixed: 'Fixed amount',
  'free-shipping': 'Free shipping',
} as const;

/** `#/discounts/new` and `#/discounts/{id}`: every field of a discount, saved at once. */
export function DiscountEditorScreen({ discountId }: { discountId: string | null }) {
  const state = useLoad(
    (signal) =>
      Promise.all([
        discountId
          ? editorFetch<{ discount: DiscountJson }>(
              `${DISCOUNTS_API}/${encodeURIComponent(discountId)}`,
              { signal },
            ).then((r) => r.discount)
          : Promise.resolve(null),
        loadStoreCurrency(signal),
      ]).then(([discount, currency]) => ({ discount, currency })),
    `discount:${discountId ?? 'new'}`,
  );
  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/discounts">Discounts</a>
      </p>
      <ScreenHeading
        title={
          discountId
            ? (state.data?.discount?.code ?? state.data?.discount?.title ?? 'Discount')
            : 'New discount'
        }
        intro={state.data?.discount ? usageText(state.data.discount) : undefined}
      />
      <LoadView state={state}>
        {(d) => <Editor initial={d.discount} currency={d.currency} />}
      </LoadView>
    </>
  );
}

function Editor({ initial, currency }: { initial: DiscountJson | null; currency: string }) {
  const [f, setF] = useState<DiscountForm>(() => (initial ? formOf(initial) : emptyForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const patch = (p: Partial<DiscountForm>) => {
    setF((x) => ({ ...x, ...p }));
    setResult(null);
  };
  const focusInvalid = () =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('.ed-settings [aria-invalid="true"]')?.focus(),
    );

  const save = async () => {
    const local = formErrors(f);
    setErrors(local);
    if (Object.keys(local).length) {
      setResult({ ok: false, text: 'Please fix the fields marked below.' });
      focusInvalid();
      return;
    }
    setSaving(true);
    try {
      const url = initial ? `${DISCOUNTS_API}/${encodeURIComponent(initial.id)}` : DISCOUNTS_API;
      const r = await editorFetch<{ discount: DiscountJson }>(url, {
        method: initial ? 'PUT' : 'POST',
        json: inputOf(f),
      });
      if (!initial) {
        window.location.hash = discountHref(r.discount.id);
        return;
      }
      setF(formOf(r.discount));
      setResult({ ok: true, text: 'Saved.' });
    } catch (err) {
      const fe = (err as { body?: { error?: { fieldErrors?: Record<string, string> } } }).body
        ?.error?.fieldErrors;
      if (fe) {
        setErrors(fe);
        focusInvalid();
      }
      setResult({ ok: false, text: actionFailureText(err) });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!initial) return;
    try {
      await editorFetch(`${DISCOUNTS_API}/${encodeURIComponent(initial.id)}`, {
        method: 'DELETE',
      });
      window.location.hash = '#/discounts';
    } catch (err) {
      setResult({ ok: false, text: actionFailureText(err) });
    }
  };

  return (
    <form
      className="ed-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <section className="ed-section" aria-labelledby="dc-what">
        <h2 id="dc-what">Discount</h2>
        <fieldset className="ed-segmented">
          <legend>How it applies</legend>
          {[
            [false, 'With a code'],
            [true, 'Automatic'],
          ].map(([auto, label]) => (
            <label key={String(label)}>
              <input
                type="radio"
                name="dc-method"
                checked={f.automatic === auto}
                onChange={() => patch({ automatic: auto as boolean })}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <p className="ed-small ed-muted">
          {f.automatic
            ? 'Applies by itself to every cart that meets its rules; the title is shown on the order.'
            : 'Shoppers type the code at the cart or checkout (upper or lower case alike).'}
        </p>
        <div className="ed-form-grid">
          {!f.automatic && (
            // Not a wrapping <label>: the Generate button's text would join the input's name.
            <div className="ed-labelled">
              <label htmlFor="dc-code">Code</label>
              <span className="ed-code-row">
                <input
                  id="dc-code"
                  className="ed-input"
                  value={f.code}
                  autoCapitalize="characters"
                  spellCheck={false}
                  aria-invalid={invalid(errors, 'code')}
                  aria-describedby={errors.code ? 'err-code' : undefined}
                  onChange={(e) => patch({ code: e.target.value.toUpperCase() })}
                />
                <button
                  type="button"
                  className="ed-button"
                  onClick={() => patch({ code: randomCode() })}
                >
                  Generate
                </button>
              </span>
              <Err errors={errors} path="code" />
            </div>
          )}
          <TextField
            label={f.automatic ? 'Title' : 'Title (only you see it)'}
            path="title"
            errors={errors}
            value={f.title}
            onChange={(title) => patch({ title })}
          />
        </div>
      </section>

      <section className="ed-section" aria-labelledby="dc-value">
        <h2 id="dc-value">Value</h2>
        <div className="ed-form-grid">
          <Field label="Type" path="kind" errors={errors}>
            <select
              className="ed-input"
              value={f.kind}
              onChange={(e) => patch({ kind: e.target.value as DiscountForm['kind'] })}
            >
              {DISCOUNT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
          {f.kind === 'percentage' && (
            <Field label="Percentage off" path="value" errors={errors}>
              <input
                className="ed-input"
                inputMode="numeric"
                value={f.percent}
                aria-invalid={invalid(errors, 'value')}
                onChange={(e) => patch({ percent: e.target.value })}
              />
            </Field>
          )}
          {f.kind === 'fixed' && (
            <MoneyField
              label={`Amount off, ${currency}`}
              path="value"
              errors={errors}
              value={f.amount}
              currency={currency}
              onChange={(amount) => patch({ amount })}
            />
          )}
          <MoneyField
            label={`Minimum subtotal, ${currency} (optional)`}
            path="minimumSubtotal"
            errors={errors}
            value={f.minimum}
            currency={currency}
            onChange={(minimum) => patch({ minimum })}
          />
        </div>
        <ProductPicker
          label="Only these products (none: every product)"
          path="productIds"
          ids={f.productIds}
          exclude={undefined}
          errors={errors}
          onChange={(productIds) => patch({ productIds })}
        />
      </section>

      <section className="ed-section" aria-labelledby="dc-limits">
        <h2 id="dc-limits">Dates and limits</h2>
        <div className="ed-form-grid">
          <Field label="Starts (optional)" path="startsAt" errors={errors}>
            <input
              type="datetime-local"
              className="ed-input"
              value={f.startsAt}
              aria-invalid={invalid(errors, 'startsAt')}
              onChange={(e) => patch({ startsAt: e.target.value })}
            />
          </Field>
          <Field label="Ends (optional)" path="endsAt" errors={errors}>
            <input
              type="datetime-local"
              className="ed-input"
              value={f.endsAt}
              aria-invalid={invalid(errors, 'endsAt')}
              onChange={(e) => patch({ endsAt: e.target.value })}
            />
          </Field>
          <Field label="Total uses (optional)" path="usageLimit" errors={errors}>
            <input
              className="ed-input"
              inputMode="numeric"
              value={f.usageLimit}
              aria-invalid={invalid(errors, 'usageLimit')}
              onChange={(e) => patch({ usageLimit: e.target.value })}
            />
          </Field>
        </div>
        <Check checked={f.oncePerEmail} onChange={(oncePerEmail) => patch({ oncePerEmail })}>
          Once per email address
        </Check>
        <Check checked={f.enabled} onChange={(enabled) => patch({ enabled })}>
          Enabled (off: kept, never applied)
        </Check>
        <Err errors={errors} path="enabled" />
      </section>

      <div className="ed-save-bar">
        <button type="submit" className="ed-button ed-button-primary" disabled={saving}>
          {saving ? 'Saving…' : initial ? 'Save discount' : 'Create discount'}
        </button>
        {initial && (
          <ConfirmDelete confirmLabel="Delete this discount" onConfirm={() => void remove()} />
        )}
        <span role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
          {result?.text}
        </span>
      </div>
    </form>
  );
}

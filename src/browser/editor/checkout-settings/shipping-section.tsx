import type { ShippingKind } from '../../../shared/checkout/api.js';
import { countryCodes, countryFormat } from '../../../shared/checkout/address-rules.js';
import {
  SHIPPING_KINDS,
  type CheckoutSettings,
  type ShippingOptionSettings,
} from '../../../shared/checkout/settings.js';
import {
  Check,
  Err,
  Field,
  invalid,
  MoneyField,
  MoneyInput,
  newId,
  TextField,
  type FieldErrors,
  type SectionProps,
} from './fields.js';

const KIND_LABELS: Record<ShippingKind, string> = {
  flat: 'Flat rate',
  free_over: 'Free above an amount',
  weight_tiers: 'By weight',
  price_tiers: 'By order value',
  pickup: 'Local pickup',
};

const isTiered = (kind: ShippingKind) => kind === 'weight_tiers' || kind === 'price_tiers';

export function ShipsToSection({ settings: s, patch, errors }: SectionProps<CheckoutSettings>) {
  return (
    <section className="ed-section" aria-labelledby="cs-ships">
      <h2 id="cs-ships">Countries you ship to</h2>
      <Err errors={errors} path="shipsTo" />
      <div className="ed-check-grid">
        {countryCodes().map((c) => (
          <Check
            key={c}
            checked={s.shipsTo.includes(c)}
            onChange={(on) =>
              patch({ shipsTo: on ? [...s.shipsTo, c] : s.shipsTo.filter((x) => x !== c) })
            }
          >
            {countryFormat(c).name}
          </Check>
        ))}
      </div>
    </section>
  );
}

export function ShippingSection({
  settings: s,
  patch,
  errors,
  currency,
}: SectionProps<CheckoutSettings>) {
  const setOption = (i: number, p: Partial<ShippingOptionSettings>) =>
    patch({ shippingOptions: s.shippingOptions.map((o, j) => (j === i ? { ...o, ...p } : o)) });
  return (
    <section className="ed-section" aria-labelledby="cs-shipping">
      <h2 id="cs-shipping">Shipping options</h2>
      {s.shippingOptions.length === 0 && (
        <p className="ed-empty">No shipping options: shoppers cannot buy physical products.</p>
      )}
      {s.shippingOptions.map((o, i) => (
        <ShippingOptionCard
          key={o.id}
          option={o}
          path={`shippingOptions.${i}`}
          errors={errors}
          currency={currency}
          onChange={(p) => setOption(i, p)}
          onRemove={() => patch({ shippingOptions: s.shippingOptions.filter((_, j) => j !== i) })}
        />
      ))}
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
  );
}

interface OptionProps {
  option: ShippingOptionSettings;
  path: string;
  errors: FieldErrors;
  currency: string;
  onChange: (p: Partial<ShippingOptionSettings>) => void;
}

function ShippingOptionCard(props: OptionProps & { onRemove: () => void }) {
  const { option: o, path: p, errors, currency, onChange } = props;
  return (
    <fieldset className="ed-card ed-option">
      <legend>{o.name || 'New option'}</legend>
      <div className="ed-form-grid">
        <TextField
          label="Name"
          path={`${p}.name`}
          errors={errors}
          value={o.name}
          onChange={(name) => onChange({ name })}
        />
        <Field label="Kind">
          <select
            className="ed-input"
            value={o.kind}
            onChange={(e) => {
              const kind = e.target.value as ShippingKind;
              onChange({
                kind,
                ...(isTiered(kind)
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
        </Field>
        {!isTiered(o.kind) && (
          <MoneyField
            label={o.kind === 'free_over' ? 'Price below the threshold' : 'Price'}
            inputLabel="Price"
            path={`${p}.amount`}
            errors={errors}
            value={o.amount}
            currency={currency}
            onChange={(v) => onChange({ amount: v as number })}
          />
        )}
        {o.kind === 'free_over' && (
          <MoneyField
            label="Free from subtotal"
            path={`${p}.freeOver`}
            errors={errors}
            value={o.freeOver}
            currency={currency}
            onChange={(v) => onChange({ freeOver: v })}
          />
        )}
        <TextField
          label="Description (shown to shoppers)"
          path={`${p}.description`}
          errors={errors}
          value={o.description}
          onChange={(description) => onChange({ description })}
        />
        <Field label="Only for countries (codes, comma separated; empty: all)">
          <input
            className="ed-input"
            value={o.countries.join(', ')}
            onChange={(e) =>
              onChange({
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
        </Field>
      </div>
      {isTiered(o.kind) && <Tiers {...props} />}
      <button type="button" className="ed-button ed-button-danger" onClick={props.onRemove}>
        Remove {o.name || 'option'}
      </button>
    </fieldset>
  );
}

/** Weight or price tiers: up to a limit (empty on the last: and above), a price each. */
function Tiers({ option: o, path: p, errors, currency, onChange }: OptionProps) {
  const tiers = o.tiers ?? [];
  const setTier = (j: number, t: Partial<(typeof tiers)[number]>) =>
    onChange({ tiers: tiers.map((x, k) => (k === j ? { ...x, ...t } : x)) });
  const byWeight = o.kind === 'weight_tiers';
  return (
    <div className="ed-tiers">
      <p className="ed-small ed-muted">
        {byWeight
          ? 'Up to a weight in grams; leave the last limit empty for “and above”.'
          : 'Up to an order subtotal; leave the last limit empty for “and above”.'}
      </p>
      <Err errors={errors} path={`${p}.tiers`} />
      {tiers.map((t, j) => {
        const upTo = `${p}.tiers.${j}.upTo`;
        return (
          <div key={j} className="ed-tier">
            <Field label={byWeight ? 'Up to (g)' : 'Up to'} path={upTo} errors={errors}>
              {byWeight ? (
                <input
                  className="ed-input ed-money"
                  inputMode="numeric"
                  value={t.upTo ?? ''}
                  aria-invalid={invalid(errors, upTo)}
                  onChange={(e) =>
                    setTier(j, { upTo: e.target.value.trim() ? Number(e.target.value) : null })
                  }
                />
              ) : (
                <MoneyInput
                  id={upTo}
                  label="Up to"
                  value={t.upTo ?? undefined}
                  currency={currency}
                  invalid={!!errors[upTo]}
                  onChange={(v) => setTier(j, { upTo: v ?? null })}
                />
              )}
            </Field>
            <MoneyField
              label="Price"
              inputLabel="Tier price"
              path={`${p}.tiers.${j}.amount`}
              errors={errors}
              value={t.amount}
              currency={currency}
              onChange={(v) => setTier(j, { amount: v as number })}
            />
            <button
              type="button"
              className="ed-button"
              onClick={() => onChange({ tiers: tiers.filter((_, k) => k !== j) })}
            >
              Remove tier
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="ed-button"
        onClick={() => onChange({ tiers: [...tiers, { upTo: null, amount: 0 }] })}
      >
        Add tier
      </button>
    </div>
  );
}
